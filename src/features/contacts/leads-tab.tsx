import { useId, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { downloadText } from '../../lib/download.ts';
import { formatVenueDateTime } from '../../lib/venue-time.ts';
import type { Lead } from '../../shared/contracts/leads.ts';
import { LeadEditor } from './lead-editor.tsx';
import { exportFileName, leadsCsv, leadsVcard } from './lead-export.ts';
import { editableLead, type LeadItem, type LeadSortKey, type SortDirection, sortLeads } from './lead-list.ts';
import { LeadMarker } from './lead-marker.tsx';
import { useLeads } from './use-leads.ts';

const SORT_LABELS: Record<LeadSortKey, MessageKey<'contacts'>> = {
  lastName: 'sortLastName',
  company: 'sortCompany',
  createdAt: 'sortScannedAt',
};

function LeadLine({ item, userId }: { item: LeadItem; userId: string }) {
  const t = useT('contacts');
  const language = useLanguage();
  const nameId = useId();
  const [editing, setEditing] = useState(false);
  const editable = editableLead(item);
  return (
    <li className="person-row contacts-lead--card" data-status={item.status}>
      <div className="contacts-lead__summary">
        <div className="contacts-lead__text">
          <p className="person-row__name" id={nameId}>
            {item.firstName} {item.lastName}
          </p>
          <p className="person-row__meta">{item.company}</p>
          <p className="person-row__meta">{formatVenueDateTime(new Date(item.createdAt), language)}</p>
          {item.rating > 0 && <p className="person-row__meta">{t('ratingOutOf', { rating: item.rating })}</p>}
          {item.tags.length > 0 && (
            <p className="contacts-lead__tags">
              {item.tags.map((tag) => (
                <span key={tag} className="badge">
                  {tag}
                </span>
              ))}
            </p>
          )}
          {item.notes && <p className="contacts-lead__notes">{item.notes}</p>}
        </div>
        <div className="contacts-lead__side">
          <LeadMarker status={item.status} reason={item.reason} />
          {editable && !editing && (
            <button type="button" className="btn btn-secondary btn-sm" aria-describedby={nameId} onClick={() => setEditing(true)}>
              {t('edit')}
            </button>
          )}
        </div>
      </div>
      {editable && editing && <LeadEditor userId={userId} lead={editable} labelledBy={nameId} onDone={() => setEditing(false)} />}
    </li>
  );
}

function PassiveLine({ lead }: { lead: Lead }) {
  const language = useLanguage();
  const person = lead.activeUser;
  if (!person) return null;
  return (
    <li className="person-row">
      <div>
        <p className="person-row__name">
          {person.firstName} {person.lastName}
        </p>
        <p className="person-row__meta">{person.company}</p>
        <p className="person-row__meta">{formatVenueDateTime(new Date(lead.createdAt), language)}</p>
      </div>
    </li>
  );
}

/**
 * The leads tab: the people I scanned (device + server) with sorting, editing and exports, and the
 * people who scanned me.
 */
export function LeadsTab({ userId }: { userId: string }) {
  const t = useT('contacts');
  const { items, loaded, serverFailed, passive, passiveLoaded } = useLeads(userId);
  const [sortKey, setSortKey] = useState<LeadSortKey>('createdAt');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const sorted = sortLeads(items, sortKey, direction);

  return (
    <>
      <section aria-labelledby="contacts-active-title">
        <h2 id="contacts-active-title" className="contacts-section-title">
          {t('myLeads')}
        </h2>
        <div className="contacts-sort">
          <label className="field-label" htmlFor="contacts-sort-key">
            {t('sortBy')}
          </label>
          <select
            id="contacts-sort-key"
            className="select"
            value={sortKey}
            onChange={(event) => setSortKey(event.target.value as LeadSortKey)}
          >
            {(Object.keys(SORT_LABELS) as LeadSortKey[]).map((key) => (
              <option key={key} value={key}>
                {t(SORT_LABELS[key])}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
            aria-label={direction === 'asc' ? t('ascendingSwitch') : t('descendingSwitch')}
          >
            {direction === 'asc' ? t('ascending') : t('descending')}
          </button>
        </div>
        <div className="contacts-export">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={sorted.length === 0}
            onClick={() => downloadText(exportFileName('csv'), leadsCsv(sorted), 'text/csv;charset=utf-8')}
          >
            {t('exportCsv')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={sorted.length === 0}
            onClick={() => downloadText(exportFileName('vcf'), leadsVcard(sorted), 'text/vcard;charset=utf-8')}
          >
            {t('exportVcard')}
          </button>
        </div>
        {serverFailed && <Notice tone="info">{t('serverUnreachable')}</Notice>}
        {loaded && sorted.length === 0 ? (
          <EmptyState title={t('noLeadsTitle')}>{t('noLeadsText')}</EmptyState>
        ) : (
          <ul className="person-list" aria-label={t('myLeads')}>
            {sorted.map((item) => (
              <LeadLine key={item.key} item={item} userId={userId} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="contacts-passive-title">
        <h2 id="contacts-passive-title" className="contacts-section-title">
          {t('scannedYou')}
        </h2>
        {passiveLoaded && passive.length === 0 ? (
          <p className="person-row__meta">{t('scannedYouEmpty')}</p>
        ) : (
          <ul className="person-list" aria-label={t('scannedYou')}>
            {passive.map((lead) => (
              <PassiveLine key={lead.id} lead={lead} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
