import { memo, useMemo } from 'react';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { groupByStart, longDayLabel, type NowAndNext, type PreparedSession } from './agenda-model.ts';
import type { FavouriteSyncState } from './favourites.ts';
import { SessionCard, type ToggleFavourite } from './session-card.tsx';

/** What every card needs besides its session; each part keeps its identity until it changes. */
export interface CardContext {
  favourites: ReadonlySet<number>;
  sync: ReadonlyMap<number, FavouriteSyncState>;
  overlaps: ReadonlyMap<number, PreparedSession[]>;
  /** The current time during the event (marks running sessions); null otherwise. */
  now: number | null;
  onToggle: ToggleFavourite;
}

interface CardsProps extends CardContext {
  sessions: readonly PreparedSession[];
  withDay?: boolean;
}

function Cards({ sessions, favourites, sync, overlaps, now, onToggle, withDay }: CardsProps) {
  return (
    <ul className="agenda-cards">
      {sessions.map((item) => (
        <li key={item.id}>
          <SessionCard
            item={item}
            favourite={favourites.has(item.id)}
            live={now !== null && item.startMs <= now && now < item.endMs}
            overlaps={overlaps.get(item.id)}
            sync={sync.get(item.id)}
            onToggle={onToggle}
            withDay={withDay}
          />
        </li>
      ))}
    </ul>
  );
}

/** The id of a time slot's heading: "Jump to now" scrolls to it and focuses it. */
export function slotHeadingId(startMs: number): string {
  return `agenda-slot-${startMs}`;
}

/**
 * One day of the programme as compact rows under sticky start-time headings. Slots off screen skip
 * layout and paint (content-visibility); each reserves about its real height meanwhile, so the
 * scroll bar and "Jump to now" land where the slot will be.
 */
export const DayProgramme = memo(function DayProgramme({ sessions, ...context }: CardsProps) {
  const slots = useMemo(() => groupByStart(sessions), [sessions]);
  return (
    <div className="agenda-slots">
      {slots.map((slot) => (
        <section
          key={slot.startMs}
          className="agenda-slot"
          aria-labelledby={slotHeadingId(slot.startMs)}
          data-slot-start={slot.startMs}
          style={{ containIntrinsicSize: `auto ${2.5 + slot.sessions.length * 5.5}rem` }}
        >
          <h2 id={slotHeadingId(slot.startMs)} className="agenda-slot__time" tabIndex={-1}>
            <time dateTime={new Date(slot.startMs).toISOString()}>{slot.start}</time>
          </h2>
          <Cards sessions={slot.sessions} {...context} />
        </section>
      ))}
    </div>
  );
});

/** The personal agenda: favourites under their days. */
export const FavouritesByDay = memo(function FavouritesByDay({
  days,
  ...context
}: CardContext & { days: ReadonlyMap<string, PreparedSession[]> }) {
  const language = useLanguage();
  return (
    <div className="agenda-days-list">
      {[...days].map(([day, sessions]) => (
        <section key={day} className="agenda-slot" aria-labelledby={`agenda-mine-${day}`}>
          <h2 id={`agenda-mine-${day}`} className="agenda-slot__time">
            {longDayLabel(day, language)}
          </h2>
          <Cards sessions={sessions} {...context} />
        </section>
      ))}
    </div>
  );
});

/** During the event: what runs now and, per room, what starts next. */
export const NowNextView = memo(function NowNextView({ live, ...context }: CardContext & { live: NowAndNext }) {
  const t = useT('agenda');
  return (
    <div className="agenda-days-list">
      <section className="agenda-slot" aria-labelledby="agenda-now">
        <h2 id="agenda-now" className="agenda-slot__time">
          {t('happeningNow')}
        </h2>
        {live.now.length > 0 ? <Cards sessions={live.now} {...context} /> : <p className="agenda-note">{t('nothingRunning')}</p>}
      </section>
      <section className="agenda-slot" aria-labelledby="agenda-next">
        <h2 id="agenda-next" className="agenda-slot__time">
          {t('upNext')}
        </h2>
        {live.next.length > 0 ? <Cards sessions={live.next} {...context} /> : <p className="agenda-note">{t('noMoreToday')}</p>}
      </section>
    </div>
  );
});
