import { memo, useState } from 'react';
import { Link } from 'react-router-dom';
import { INTL_LOCALES, type Language } from '../../i18n/i18n.ts';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { formatDuration, type PreparedSession, shortDayLabel } from './agenda-model.ts';
import type { FavouriteSyncState } from './favourites.ts';

export type ToggleFavourite = (sessionId: number, favourite: boolean) => void;

export interface SessionCardProps {
  item: PreparedSession;
  favourite: boolean;
  /** Running at the current time (only passed during the event). */
  live: boolean;
  /** Other favourites at the same time; only for favourites. */
  overlaps: readonly PreparedSession[] | undefined;
  sync: FavouriteSyncState | undefined;
  onToggle: ToggleFavourite;
  /** Show the day beside the time (lists that span days). */
  withDay?: boolean;
}

/** The floor plan highlights the room given in `room` (plans feature). */
export function roomLink(room: string): string {
  return `/floor-plan?room=${encodeURIComponent(room)}`;
}

/**
 * One session as a compact row: time and track, title, room and the star; the abstract and the
 * speakers open below on demand. Memoised and given only primitives or stable references, so a
 * keystroke in the search or a favourite elsewhere re-renders only the rows that change.
 */
export const SessionCard = memo(function SessionCard({
  item,
  favourite,
  live,
  overlaps,
  sync,
  onToggle,
  withDay = false,
}: SessionCardProps) {
  const t = useT('agenda');
  const { session } = item;
  const [open, setOpen] = useState(false);
  const titleId = `agenda-session-${item.id}`;
  const detailsId = `agenda-session-${item.id}-details`;
  return (
    <article className={`agenda-session agenda-track-${item.trackIndex % 8}`} aria-labelledby={titleId} data-session-id={item.id}>
      <p className="agenda-session__when">
        <span className="agenda-session__time">
          {withDay ? <span className="agenda-session__day">{shortDayLabel(item.day)}, </span> : null}
          <time dateTime={session.startsAt}>{item.start}</time>–<time dateTime={session.endsAt}>{item.end}</time>
        </span>
        <span className="agenda-session__duration"> · {formatDuration(item.minutes)}</span>
        <span className="agenda-track">
          <span className="visually-hidden">{t('trackPrefix')} </span>
          {session.track}
        </span>
        {live ? <span className="badge agenda-session__live">{t('liveBadge')}</span> : null}
      </p>
      <h3 id={titleId} className="agenda-session__title">
        {session.title}
      </h3>
      <p className="agenda-session__meta">
        <Link className="agenda-session__room" to={roomLink(session.room)}>
          <PinIcon />
          {session.room}
          <span className="visually-hidden"> {t('roomOnFloorPlan')}</span>
        </Link>
        <button
          type="button"
          className="agenda-session__more"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          <Text
            ns="agenda"
            k="aboutSession"
            // An element, so markup-like characters in a title stay text.
            values={{ title: <>{session.title}</> }}
            components={{ hidden: <span className="visually-hidden" /> }}
          />
          <ChevronIcon />
        </button>
      </p>
      {favourite && overlaps && overlaps.length > 0 ? <OverlapHint overlaps={overlaps} withDay={withDay} /> : null}
      {sync ? <SyncNote sync={sync} /> : null}
      <div id={detailsId} className="agenda-session__details" hidden={!open}>
        {session.speakers.length > 0 ? (
          <ul className="agenda-session__speakers" aria-label={t('speakers')}>
            {session.speakers.map((speaker, index) => (
              // Speakers have no id; their order is fixed for a session.
              // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
              <li key={index}>
                <span className="agenda-session__speaker">{speaker.name}</span>
                {speaker.company ? <span className="agenda-session__company">, {speaker.company}</span> : null}
                {speaker.title ? <span className="agenda-session__speaker-title"> · {speaker.title}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="agenda-session__abstract">{session.abstract}</p>
      </div>
      <button
        type="button"
        className="agenda-favourite"
        aria-pressed={favourite}
        onClick={() => onToggle(item.id, !favourite)}
        title={favourite ? t('removeFavourite') : t('saveFavourite')}
      >
        <StarIcon filled={favourite} />
        <span className="visually-hidden">{t('saveFavouriteNamed', { title: session.title })}</span>
      </button>
    </article>
  );
});

const overlapLists = new Map<Language, Intl.ListFormat>();

/** 'A, B and C' in the active language (de 'A, B und C'). */
function listOf(items: string[], language: Language): string {
  let format = overlapLists.get(language);
  if (!format) {
    format = new Intl.ListFormat(INTL_LOCALES[language], { type: 'conjunction' });
    overlapLists.set(language, format);
  }
  return format.format(items);
}

function OverlapHint({ overlaps, withDay }: { overlaps: readonly PreparedSession[]; withDay: boolean }) {
  const t = useT('agenda');
  const language = useLanguage();
  const sessions = overlaps.map((other) => {
    const values = { title: other.session.title, start: other.start, end: other.end, room: other.session.room };
    return withDay
      ? t('overlapSessionWithDay', { ...values, day: shortDayLabel(other.day, language) })
      : t('overlapSession', values);
  });
  return (
    <div className="agenda-session__overlap">
      <WarningIcon />
      <p>{t('overlapsWith', { sessions: listOf(sessions, language) })}</p>
    </div>
  );
}

function SyncNote({ sync }: { sync: FavouriteSyncState }) {
  const t = useT('agenda');
  if (sync.status === 'rejected') {
    return (
      <p className="agenda-session__sync agenda-session__sync--rejected" role="note">
        {sync.reason ? t('notSavedToAccountReason', { reason: sync.reason }) : t('notSavedToAccount')}
      </p>
    );
  }
  return (
    <p className="agenda-session__sync" role="note">
      {t('savedOnDevice')}
    </p>
  );
}

const svgProps = {
  viewBox: '0 0 24 24',
  width: 20,
  height: 20,
  focusable: false,
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg {...svgProps} aria-hidden="true" width={24} height={24} fill={filled ? 'currentColor' : 'none'} stroke="currentColor">
      <path d="M12 3.2l2.7 5.5 6 .9-4.35 4.25 1.03 6L12 17l-5.38 2.85 1.03-6L3.3 9.6l6-.9z" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg {...svgProps} aria-hidden="true" width={16} height={16} fill="none" stroke="currentColor">
      <path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg
      {...svgProps}
      aria-hidden="true"
      className="agenda-session__chevron"
      width={16}
      height={16}
      fill="none"
      stroke="currentColor"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg {...svgProps} aria-hidden="true" fill="none" stroke="currentColor">
      <path d="M12 3.5 2.5 20h19zM12 10v4.5M12 17.5v.01" />
    </svg>
  );
}
