import { type KeyboardEvent, useRef } from 'react';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { shortDayLabel } from './agenda-model.ts';

export const DAY_PANEL_ID = 'agenda-day-panel';

export function dayTabId(day: string): string {
  return `agenda-day-${day}`;
}

interface DayTabsProps {
  days: readonly string[];
  selected: string;
  /** Sessions per day that match the search and filters. */
  counts: ReadonlyMap<string, number>;
  onSelect: (day: string) => void;
}

/**
 * The event's days as tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between days,
 * only the selected tab is in the tab order). Each shows how many sessions match the search.
 */
export function DayTabs({ days, selected, counts, onSelect }: DayTabsProps) {
  const t = useT('agenda');
  const language = useLanguage();
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = days.indexOf(selected);
    const target =
      event.key === 'ArrowRight'
        ? days[(index + 1) % days.length]
        : event.key === 'ArrowLeft'
          ? days[(index - 1 + days.length) % days.length]
          : event.key === 'Home'
            ? days[0]
            : event.key === 'End'
              ? days[days.length - 1]
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
    list.current?.querySelector<HTMLButtonElement>(`#${dayTabId(target)}`)?.focus();
  };

  return (
    <div ref={list} className="agenda-days" role="tablist" aria-label={t('eventDays')} onKeyDown={onKeyDown}>
      {days.map((day) => {
        const active = day === selected;
        const count = counts.get(day) ?? 0;
        return (
          <button
            key={day}
            id={dayTabId(day)}
            type="button"
            role="tab"
            className="agenda-days__tab"
            aria-selected={active}
            aria-controls={DAY_PANEL_ID}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(day)}
          >
            <span className="agenda-days__name">{shortDayLabel(day, language)}</span>
            <span className="agenda-days__count">
              {count}
              <span className="visually-hidden"> {t('tabSessions', { count })}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
