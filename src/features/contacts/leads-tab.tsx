import { useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import type { Lead } from '../../shared/contracts/leads.ts';
import { type LeadItem, type LeadSortKey, type SortDirection, sortLeads } from './leads.ts';
import { useLeads } from './use-leads.ts';

const SORT_LABELS: Record<LeadSortKey, string> = {
  lastName: 'Last name',
  company: 'Company',
  createdAt: 'Scanned at',
};

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function LeadLine({ item }: { item: LeadItem }) {
  return (
    <li className="contacts-lead" data-status={item.status}>
      <div>
        <p className="contacts-lead__name">
          {item.firstName} {item.lastName}
        </p>
        <p className="contacts-lead__company">{item.company}</p>
        <p className="contacts-lead__meta">{dateTime.format(new Date(item.createdAt))}</p>
      </div>
      {item.status === 'pending' && <span className="contacts-lead__marker">Pending</span>}
      {item.status === 'rejected' && (
        <span className="contacts-lead__marker contacts-lead__marker--failed">
          Failed: {item.reason ?? 'refused by the server'}
        </span>
      )}
    </li>
  );
}

function PassiveLine({ lead }: { lead: Lead }) {
  const person = lead.activeUser;
  if (!person) return null;
  return (
    <li className="contacts-lead">
      <div>
        <p className="contacts-lead__name">
          {person.firstName} {person.lastName}
        </p>
        <p className="contacts-lead__company">{person.company}</p>
        <p className="contacts-lead__meta">{dateTime.format(new Date(lead.createdAt))}</p>
      </div>
    </li>
  );
}

/** The leads tab: the people I scanned (device + server) with sorting, and the people who scanned me. */
export function LeadsTab({ userId }: { userId: string }) {
  const { items, loaded, serverFailed, passive, passiveLoaded } = useLeads(userId);
  const [sortKey, setSortKey] = useState<LeadSortKey>('createdAt');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const sorted = sortLeads(items, sortKey, direction);

  return (
    <>
      <section aria-labelledby="contacts-active-title">
        <h2 id="contacts-active-title" className="contacts-section-title">
          My leads
        </h2>
        <div className="contacts-sort">
          <label className="field-label" htmlFor="contacts-sort-key">
            Sort by
          </label>
          <select
            id="contacts-sort-key"
            className="select"
            value={sortKey}
            onChange={(event) => setSortKey(event.target.value as LeadSortKey)}
          >
            {(Object.keys(SORT_LABELS) as LeadSortKey[]).map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
            aria-label={direction === 'asc' ? 'Ascending; switch to descending' : 'Descending; switch to ascending'}
          >
            {direction === 'asc' ? '↑ Ascending' : '↓ Descending'}
          </button>
        </div>
        {serverFailed && <Notice tone="info">Showing the leads on this device; the server could not be reached.</Notice>}
        {loaded && sorted.length === 0 ? (
          <EmptyState title="No leads yet">Scan an attendee's badge to collect your first lead.</EmptyState>
        ) : (
          <ul className="contacts-list" aria-label="My leads">
            {sorted.map((item) => (
              <LeadLine key={item.key} item={item} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="contacts-passive-title">
        <h2 id="contacts-passive-title" className="contacts-section-title">
          Scanned you
        </h2>
        {passiveLoaded && passive.length === 0 ? (
          <p className="contacts-lead__meta">Nobody has scanned your badge yet.</p>
        ) : (
          <ul className="contacts-list" aria-label="Scanned you">
            {passive.map((lead) => (
              <PassiveLine key={lead.id} lead={lead} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
