import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadState } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { AuditEntryDto, AuditQuery } from '../../shared/contracts/organizer-people.ts';
import { useConsoleFormats } from './formats.ts';
import { loadAudit } from './organizer-people-api.ts';
import { PeoplePager } from './people-pager.tsx';
import './people.css';

const PAGE_SIZE = 50;

interface Filters {
  action: string;
  actor: string;
  subject: string;
  /** yyyy-mm-dd from date inputs (whole days, the browser's clock). */
  from: string;
  until: string;
}
const EMPTY: Filters = { action: '', actor: '', subject: '', from: '', until: '' };

const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

/** The details of an entry in one line: 'passId: 3f…, returnedToPool: true'. */
function detailsText(details: AuditEntryDto['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

function Person({ person }: { person: AuditEntryDto['actor'] }) {
  const t = useT('organizer');
  if (!person) return <>{t('auditSystem')}</>;
  return (
    <>
      <Link to={`/organizer/attendees/${person.userId}`}>{person.name || person.email}</Link>
      <span className="people-meta">{person.email}</span>
    </>
  );
}

/** /organizer/audit: every organizer action, newest first, filterable by action, actor, subject and day. */
export function AuditPage() {
  const t = useT('organizer');
  const { dateTime } = useConsoleFormats();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const id = useId();
  const query: AuditQuery = {
    action: filters.action.trim().toLowerCase() || undefined,
    actor: filters.actor.trim() || undefined,
    subject: filters.subject.trim() || undefined,
    from: dayStart(filters.from),
    until: dayEnd(filters.until),
    page,
    pageSize: PAGE_SIZE,
  };
  const log = useRequest((signal) => loadAudit(query, signal), [JSON.stringify(query)]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const field = (key: keyof Filters, label: string, type = 'text', hint?: string) => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="input"
        type={type}
        maxLength={type === 'text' ? 100 : undefined}
        value={draft[key]}
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
      {hint && (
        <p id={`${id}-${key}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );

  return (
    <section className="people-page">
      <PageHeader title={t('auditTitle')} lead={t('auditLead')} />
      <form className="organizer-toolbar people-search" aria-label={t('auditFilterForm')} onSubmit={submit}>
        {field('action', t('auditAction'), 'text', t('auditActionHint'))}
        {field('actor', t('auditActor'), 'text', t('auditActorHint'))}
        {field('subject', t('auditSubject'), 'text', t('auditSubjectHint'))}
        {field('from', t('auditFrom'), 'date')}
        {field('until', t('auditUntil'), 'date')}
        <button type="submit" className="btn btn-secondary">
          {t('auditFilter')}
        </button>
      </form>
      <LoadState state={log} look="inline" loading={t('auditLoading')} retryLabel={t('tryAgain')}>
        {(data) =>
          data.total === 0 ? (
            <p className="people-empty">{t('auditEmpty')}</p>
          ) : (
            <>
              <TableScroll className="organizer-table" label={t('auditTable', { total: data.total })}>
                <table>
                  <caption className="visually-hidden">{t('auditTable', { total: data.total })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('auditWhen')}</th>
                      <th scope="col">{t('auditAction')}</th>
                      <th scope="col">{t('auditActor')}</th>
                      <th scope="col">{t('auditSubject')}</th>
                      <th scope="col">{t('auditDetails')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.entries.map((entry) => (
                      <tr key={entry.id}>
                        <th scope="row">{dateTime(entry.at)}</th>
                        <td>
                          <code>{entry.action}</code>
                        </td>
                        <td>
                          <Person person={entry.actor} />
                        </td>
                        <td>
                          {entry.subjectUser && <Person person={entry.subjectUser} />}
                          {entry.subject && <span className="people-meta">{entry.subject}</span>}
                        </td>
                        <td className="people-details">{detailsText(entry.details)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <PeoplePager what="entries" page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
            </>
          )
        }
      </LoadState>
    </section>
  );
}
