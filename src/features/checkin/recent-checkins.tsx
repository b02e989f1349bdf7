import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import type { CheckinListRow } from '../../lib/db.ts';
import { clockTime } from '../../lib/venue-time.ts';
import { REFUSED_CHECKIN } from './checkins.ts';
import { type CheckinItem, duplicateText, type ListCounts } from './model.ts';

/** How many check-ins the page lists (the newest); the counts cover all of them. */
export const RECENT_LIMIT = 50;

const STRONG = { strong: <strong /> };

/** '12 checked in · 1 duplicate · 2 waiting to sync' for the chosen list. */
export function CountsLine({ name, counts }: { name: string; counts: ListCounts }) {
  const t = useT('checkin');
  return (
    <ul className="checkin-counts" aria-label={t('countsFor', { list: name })} data-testid="checkin-counts">
      <li>
        <Text ns="checkin" k="countCheckedIn" values={{ count: counts.checkedIn }} components={STRONG} />
      </li>
      <li>
        <Text ns="checkin" k="countDuplicates" values={{ count: counts.duplicates }} components={STRONG} />
      </li>
      {counts.pending > 0 && (
        <li>
          <Text ns="checkin" k="countPending" values={{ count: counts.pending }} components={STRONG} />
        </li>
      )}
    </ul>
  );
}

/** Every list with its live counts, so a supervisor sees all doors at once. */
export function CountsTable({ entries }: { entries: { list: CheckinListRow; counts: ListCounts }[] }) {
  const t = useT('checkin');
  return (
    <section className="checkin-section">
      <h2 className="checkin-section__title" id="checkin-all-lists">
        {t('allLists')}
      </h2>
      {/* A table keeps its columns: with large text it scrolls inside its own box, not the page. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="table-scroll" aria-labelledby="checkin-all-lists" tabIndex={0}>
        <table className="checkin-table">
          <thead>
            <tr>
              <th scope="col">{t('columnList')}</th>
              <th scope="col">{t('columnCheckedIn')}</th>
              <th scope="col">{t('columnDuplicates')}</th>
              <th scope="col">{t('columnPending')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(({ list, counts }) => (
              <tr key={list.id}>
                <th scope="row">{list.name}</th>
                <td>{counts.checkedIn}</td>
                <td>{counts.duplicates}</td>
                <td>{counts.pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

/** The list's newest check-ins from every device, with sync markers, refusals and duplicate flags. */
export function RecentCheckins({ items, listName }: { items: CheckinItem[]; listName: string }) {
  const t = useT('checkin');
  const shown = items.slice(0, RECENT_LIMIT);
  return (
    <section className="checkin-section">
      <h2 className="checkin-section__title">{t('recentCheckins')}</h2>
      {shown.length === 0 ? (
        <p className="text-muted">{t('noCheckinsYet', { list: listName })}</p>
      ) : (
        <ul className="person-list" aria-label={t('recentCheckins')}>
          {shown.map((item) => (
            <CheckinEvent key={item.row.id} item={item} />
          ))}
        </ul>
      )}
      {items.length > shown.length && (
        <p className="text-muted text-sm">{t('newestOf', { limit: RECENT_LIMIT, count: items.length })}</p>
      )}
    </section>
  );
}

function CheckinEvent({ item }: { item: CheckinItem }) {
  const t = useT('checkin');
  const language = useLanguage();
  const { row, sync, duplicate } = item;
  const time = clockTime(row.scannedAt, language);
  return (
    <li className="person-row">
      <div className="checkin-event__body">
        <p className="person-row__name">{row.holderName}</p>
        <p className="person-row__meta checkin-event__meta">{[row.company, row.passType].filter(Boolean).join(' · ')}</p>
        <p className="person-row__meta checkin-event__meta">
          {item.onThisDevice ? t('scannedHere', { time }) : t('scannedElsewhere', { time })}
        </p>
        {duplicate && <p className="checkin-event__flag">{duplicateText(duplicate)}</p>}
        {sync.status === 'rejected' && (
          <p className="checkin-event__refused">
            {sync.reason === null
              ? t('refusedNoReason')
              : t('refusedReason', { reason: sync.reason === REFUSED_CHECKIN ? t('serverRefused') : sync.reason })}
          </p>
        )}
      </div>
      {sync.status === 'pending' && <span className="checkin-event__marker">{t('waitingToSync')}</span>}
    </li>
  );
}
