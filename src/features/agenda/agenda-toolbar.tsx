import { useId } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { AgendaView } from './agenda-ui-state.ts';

interface AgendaToolbarProps {
  view: AgendaView;
  live: boolean;
  favouriteCount: number;
  query: string;
  track: string | null;
  room: string | null;
  tracks: readonly string[];
  rooms: readonly string[];
  onView: (view: AgendaView) => void;
  onQuery: (query: string) => void;
  onTrack: (track: string | null) => void;
  onRoom: (room: string | null) => void;
  onClear: () => void;
}

/** View switch (all, my agenda, now during the event), search and the track and room filters. */
export function AgendaToolbar(props: AgendaToolbarProps) {
  const { view, live, favouriteCount, query, track, room, tracks, rooms } = props;
  const t = useT('agenda');
  const searchId = useId();
  const trackId = useId();
  const roomId = useId();
  const filtered = query !== '' || track !== null || room !== null;
  const views: { value: AgendaView; label: string }[] = [
    ...(live ? [{ value: 'now' as const, label: t('viewNow') }] : []),
    { value: 'all', label: t('viewAll') },
    { value: 'mine', label: t('viewMine', { count: favouriteCount }) },
  ];

  return (
    <div className="agenda-toolbar">
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not a form fieldset */}
      <div className="agenda-views" role="group" aria-label={t('viewsLabel')}>
        {views.map((option) => (
          <button
            key={option.value}
            type="button"
            className="agenda-views__option"
            aria-pressed={view === option.value}
            onClick={() => props.onView(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <search className="agenda-search">
        <div className="field agenda-search__query">
          <label className="visually-hidden" htmlFor={searchId}>
            {t('searchLabel')}
          </label>
          <SearchIcon />
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            value={query}
            onChange={(event) => props.onQuery(event.target.value)}
          />
        </div>
        <div className="agenda-search__filters">
          <div className="field">
            <label className="visually-hidden" htmlFor={trackId}>
              {t('trackLabel')}
            </label>
            <select id={trackId} value={track ?? ''} onChange={(event) => props.onTrack(event.target.value || null)}>
              <option value="">{t('allTracks')}</option>
              {tracks.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="visually-hidden" htmlFor={roomId}>
              {t('roomLabel')}
            </label>
            <select id={roomId} value={room ?? ''} onChange={(event) => props.onRoom(event.target.value || null)}>
              <option value="">{t('allRooms')}</option>
              {rooms.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          {filtered ? (
            <button type="button" className="btn btn-ghost btn-sm agenda-search__clear" onClick={props.onClear}>
              {t('clearFilters')}
            </button>
          ) : null}
        </div>
      </search>
    </div>
  );
}

function SearchIcon() {
  return (
    <svg
      className="agenda-search__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </svg>
  );
}
