import { useAtomValue } from 'jotai';
import { type RefObject, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { configAtom, userAtom } from '../../lib/session.ts';
import { downloadAgenda } from './agenda-export.ts';
import {
  type AgendaFilter,
  berlinDay,
  currentSlot,
  filterSessions,
  findOverlaps,
  groupByDay,
  groupByStart,
  isEventDay,
  isEventRunning,
  longDayLabel,
  nowAndNext,
  type PreparedAgenda,
  queryTerms,
  shortDayLabel,
} from './agenda-model.ts';
import { AgendaToolbar } from './agenda-toolbar.tsx';
import { type AgendaUiState, type AgendaView, readStoredUiState, resolveUiState, storeUiState } from './agenda-ui-state.ts';
import { DAY_PANEL_ID, DayTabs, dayTabId } from './day-tabs.tsx';
import { type CardContext, DayProgramme, FavouritesByDay, NowNextView, slotHeadingId } from './session-lists.tsx';
import { useAgendaData } from './use-agenda-data.ts';
import { useFavourites } from './use-favourites.ts';
import { useNow } from './use-now.ts';
import './agenda.css';

/** /agenda: the programme by day and time, search and filters, the personal agenda, now/next, ICS export. */
export function AgendaPage() {
  const t = useT('agenda');
  const data = useAgendaData();
  const user = useAtomValue(userAtom);
  const page = useRef<HTMLDivElement>(null);
  useStickyTop(page);
  return (
    <div ref={page} className="agenda-page">
      <PageHeader title={t('title')} lead={t('lead')} />
      {data.status === 'ready' ? (
        data.agenda.sessions.length > 0 ? (
          <AgendaBrowser agenda={data.agenda} userId={user?.uuid ?? null} />
        ) : (
          <EmptyState title={t('programmeComingTitle')}>{t('programmeComingText')}</EmptyState>
        )
      ) : data.status === 'loading' ? (
        <p className="card agenda-loading" role="status" aria-busy="true">
          {t('loading')}
        </p>
      ) : (
        <div className="stack">
          <Notice tone="danger">
            {navigator.onLine ? t('loadFailed', { reason: errorMessage(data.error) }) : t('offlineNotSaved')}
          </Notice>
          <div>
            <button type="button" className="btn btn-secondary" onClick={data.retry}>
              {t('tryAgain')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function AgendaBrowser({ agenda, userId }: { agenda: PreparedAgenda; userId: string | null }) {
  const t = useT('agenda');
  const language = useLanguage();
  const now = useNow();
  const isLive = isEventDay(agenda.days, now);
  const config = useAtomValue(configAtom);
  const today = berlinDay(now);
  const canJump = isEventRunning(config, agenda.days, now) && agenda.days.includes(today);
  const [searchParams] = useSearchParams();
  const linkedRoom = searchParams.get('room');
  const [ui, setUi] = useState<AgendaUiState>(() => resolveUiState(readStoredUiState(), userId, agenda, now, isLive, linkedRoom));
  const update = useCallback((change: Partial<AgendaUiState>) => setUi((state) => ({ ...state, ...change })), []);
  useEffect(() => storeUiState(ui, userId), [ui, userId]);

  const { favourites, sync, loaded, toggle } = useFavourites(userId);
  const view: AgendaView = ui.view === 'now' && !isLive ? 'all' : ui.view;
  const day = ui.day && agenda.days.includes(ui.day) ? ui.day : (agenda.days[0] as string);

  // The list follows the search a moment behind the input, so typing never waits for the list.
  const query = useDeferredValue(ui.query);
  const terms = useMemo(() => queryTerms(query), [query]);
  const filter = useMemo<AgendaFilter>(
    () => ({ terms, track: ui.track, room: ui.room, only: view === 'mine' ? favourites : null }),
    [terms, ui.track, ui.room, view, favourites],
  );
  const matching = useMemo(() => filterSessions(agenda.sessions, filter), [agenda.sessions, filter]);
  const byDay = useMemo(() => groupByDay(matching), [matching]);
  const counts = useMemo(() => new Map([...byDay].map(([key, list]) => [key, list.length])), [byDay]);
  const live = useMemo(
    () => (view === 'now' ? nowAndNext({ sessions: matching, days: agenda.days }, now) : null),
    [view, matching, agenda.days, now],
  );

  const favouriteSessions = useMemo(() => agenda.sessions.filter((s) => favourites.has(s.id)), [agenda.sessions, favourites]);
  const overlaps = useMemo(() => findOverlaps(favouriteSessions), [favouriteSessions]);

  const onToggle = useCallback((sessionId: number, favourite: boolean) => void toggle(sessionId, favourite), [toggle]);
  const context: CardContext = { favourites, sync, overlaps, now: isLive ? now : null, onToggle };
  const clear = useCallback(() => update({ query: '', track: null, room: null }), [update]);

  // "Jump to now": today's programme in the list, scrolled to the current slot, focus on its heading.
  const [jump, setJump] = useState<number | null>(null);
  const jumpToNow = () => {
    const at = Date.now();
    const day = berlinDay(at);
    let slot = currentSlot(groupByStart(byDay.get(day) ?? []), at);
    const change: Partial<AgendaUiState> = { view: 'all', day };
    if (!slot) {
      // The search or the filters hide all of today: show the whole day again.
      slot = currentSlot(groupByStart(agenda.sessions.filter((s) => s.day === day)), at);
      Object.assign(change, { query: '', track: null, room: null });
    }
    if (!slot) return;
    update(change);
    setJump(slot.startMs);
  };
  // Runs after the render that shows the slot (a cleared search reaches the list one render later).
  useEffect(() => {
    if (jump === null) return;
    const heading = document.getElementById(slotHeadingId(jump));
    const slot = heading?.parentElement;
    if (!heading || !slot) return;
    setJump(null);
    slot.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
    // Slots above were sized by estimate until painted; once they have their real height, align again.
    requestAnimationFrame(() => requestAnimationFrame(() => slot.scrollIntoView({ block: 'start' })));
  });

  const shown = view === 'mine' ? matching.length : view === 'now' ? (live?.now.length ?? 0) : (counts.get(day) ?? 0);
  const searched = terms.length > 0;
  const values = { count: shown, query: query.trim(), day: longDayLabel(day, language) };
  const status =
    view === 'now'
      ? t(searched ? 'statusNowSearch' : 'statusNow', values)
      : view === 'mine'
        ? t(searched ? 'statusMineSearch' : 'statusMine', values)
        : t(searched ? 'statusDaySearch' : 'statusDay', values);

  return (
    <>
      <div className="agenda-export">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={favouriteSessions.length === 0}
          onClick={() => downloadAgenda('mine', favouriteSessions)}
        >
          {t('exportMine')}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => downloadAgenda('full', agenda.sessions)}>
          {t('downloadFull')}
        </button>
      </div>

      <AgendaToolbar
        view={view}
        live={isLive}
        favouriteCount={favouriteSessions.length}
        query={ui.query}
        track={ui.track}
        room={ui.room}
        tracks={agenda.tracks}
        rooms={agenda.rooms}
        onView={(next) => update({ view: next })}
        onQuery={(next) => update({ query: next })}
        onTrack={(next) => update({ track: next })}
        onRoom={(next) => update({ room: next })}
        onClear={clear}
      />

      {view === 'all' ? (
        <DayTabs days={agenda.days} selected={day} counts={counts} onSelect={(next) => update({ day: next })} />
      ) : null}

      <div className="agenda-status-row">
        <p className="agenda-status" role="status">
          {status}
        </p>
        {canJump ? (
          <button type="button" className="btn btn-primary btn-sm agenda-jump" onClick={jumpToNow}>
            {t('jumpToNow')}
          </button>
        ) : null}
      </div>

      {view === 'all' ? (
        <div id={DAY_PANEL_ID} role="tabpanel" aria-labelledby={dayTabId(day)} className="agenda-panel">
          {(counts.get(day) ?? 0) > 0 ? (
            <DayProgramme sessions={byDay.get(day) ?? []} {...context} />
          ) : (
            <NoMatches
              text={t('noMatchesOnDay', { day: longDayLabel(day, language) })}
              otherDays={agenda.days.filter((d) => d !== day && (counts.get(d) ?? 0) > 0).map((d) => [d, counts.get(d) ?? 0])}
              onDay={(next) => update({ day: next })}
              onClear={clear}
            />
          )}
        </div>
      ) : view === 'mine' ? (
        !loaded ? null : favouriteSessions.length === 0 ? (
          <EmptyState
            title={t('mineEmptyTitle')}
            action={
              <button type="button" className="btn btn-primary" onClick={() => update({ view: 'all' })}>
                {t('browseAll')}
              </button>
            }
          >
            {t('mineEmptyText')}
          </EmptyState>
        ) : matching.length > 0 ? (
          <FavouritesByDay days={byDay} {...context} />
        ) : (
          <NoMatches text={t('noFavouritesMatch')} otherDays={[]} onDay={() => undefined} onClear={clear} />
        )
      ) : live ? (
        <NowNextView live={live} {...context} />
      ) : null}
    </>
  );
}

/**
 * Time headings stick to the top of the screen, below the top bar of large screens. That bar grows
 * with large text, so its height is measured (phones have their tab bar at the bottom instead).
 */
function useStickyTop(page: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const element = page.current;
    const bar = document.querySelector<HTMLElement>('.tab-bar');
    if (!element || !bar) return;
    const measure = () => {
      const rect = bar.getBoundingClientRect();
      if (rect.height > 0 && rect.top < window.innerHeight / 2)
        element.style.setProperty('--agenda-sticky-top', `${rect.height}px`);
      else element.style.removeProperty('--agenda-sticky-top');
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [page]);
}

function NoMatches({
  text,
  otherDays,
  onDay,
  onClear,
}: {
  text: string;
  otherDays: [string, number][];
  onDay: (day: string) => void;
  onClear: () => void;
}) {
  const t = useT('agenda');
  const language = useLanguage();
  return (
    <div className="agenda-no-matches">
      <p>{text}</p>
      <div className="cluster">
        {otherDays.map(([day, count]) => (
          <button key={day} type="button" className="btn btn-secondary btn-sm" onClick={() => onDay(day)}>
            {t('countOnDay', { count, day: shortDayLabel(day, language) })}
          </button>
        ))}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
          {t('clearFilters')}
        </button>
      </div>
    </div>
  );
}
