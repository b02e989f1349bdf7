import type { CheckinListRow } from '../../lib/db.ts';
import { type CheckinItem, duplicateText, type ListCounts } from './model.ts';
import { clockTime } from '../../lib/venue-time.ts';

/** How many check-ins the page lists (the newest); the counts cover all of them. */
export const RECENT_LIMIT = 50;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '12 checked in · 1 duplicate · 2 waiting to sync' for the chosen list. */
export function CountsLine({ name, counts }: { name: string; counts: ListCounts }) {
  return (
    <ul className="checkin-counts" aria-label={`Counts for ${name}`} data-testid="checkin-counts">
      <li>
        <strong>{counts.checkedIn}</strong> checked in
      </li>
      <li>
        <strong>{counts.duplicates}</strong> {counts.duplicates === 1 ? 'duplicate' : 'duplicates'}
      </li>
      {counts.pending > 0 && (
        <li>
          <strong>{counts.pending}</strong> waiting to sync
        </li>
      )}
    </ul>
  );
}

/** Every list with its live counts, so a supervisor sees all doors at once. */
export function CountsTable({ entries }: { entries: { list: CheckinListRow; counts: ListCounts }[] }) {
  return (
    <section className="checkin-section">
      <h2 className="checkin-section__title" id="checkin-all-lists">
        All lists
      </h2>
      {/* A table keeps its columns: with large text it scrolls inside its own box, not the page. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="table-scroll" aria-labelledby="checkin-all-lists" tabIndex={0}>
        <table className="checkin-table">
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Checked in</th>
              <th scope="col">Duplicates</th>
              <th scope="col">Waiting to sync</th>
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
  const shown = items.slice(0, RECENT_LIMIT);
  return (
    <section className="checkin-section">
      <h2 className="checkin-section__title">Recent check-ins</h2>
      {shown.length === 0 ? (
        <p className="text-muted">No check-ins on {listName} yet.</p>
      ) : (
        <ul className="person-list" aria-label="Recent check-ins">
          {shown.map((item) => (
            <CheckinEvent key={item.row.id} item={item} />
          ))}
        </ul>
      )}
      {items.length > shown.length && (
        <p className="text-muted text-sm">
          The newest {RECENT_LIMIT} of {plural(items.length, 'check-in', 'check-ins')} this device knows of.
        </p>
      )}
    </section>
  );
}

function CheckinEvent({ item }: { item: CheckinItem }) {
  const { row, sync, duplicate } = item;
  return (
    <li className="person-row">
      <div className="checkin-event__body">
        <p className="person-row__name">{row.holderName}</p>
        <p className="person-row__meta checkin-event__meta">{[row.company, row.passType].filter(Boolean).join(' · ')}</p>
        <p className="person-row__meta checkin-event__meta">
          {clockTime(row.scannedAt)} · {item.onThisDevice ? 'this device' : 'another device'}
        </p>
        {duplicate && <p className="checkin-event__flag">{duplicateText(duplicate)}</p>}
        {sync.status === 'rejected' && (
          <p className="checkin-event__refused">Refused by the server: {sync.reason ?? 'no reason given.'}</p>
        )}
      </div>
      {sync.status === 'pending' && <span className="checkin-event__marker">Waiting to sync</span>}
    </li>
  );
}
