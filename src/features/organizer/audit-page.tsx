import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessage } from '../../lib/form-errors.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { AuditEntryDto, AuditQuery } from '../../shared/contracts/organizer-people.ts';
import { loadAudit, venueDateTime } from './organizer-people-api.ts';
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
  if (!person) return <>System</>;
  return (
    <>
      <Link to={`/organizer/attendees/${person.userId}`}>{person.name || person.email}</Link>
      <span className="people-meta">{person.email}</span>
    </>
  );
}

/** /organizer/audit: every organizer action, newest first, filterable by action, actor, subject and day. */
export function AuditPage() {
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
      <PageHeader title="Audit log" lead="Every organizer action: who did what to whom, and when." />
      <form className="organizer-toolbar people-search" aria-label="Filter the audit log" onSubmit={submit}>
        {field('action', 'Action', 'text', 'e.g. pass.approve, or pass for every pass action')}
        {field('actor', 'Done by', 'text', 'Name or e-mail')}
        {field('subject', 'About', 'text', 'Name, e-mail or subject')}
        {field('from', 'From', 'date')}
        {field('until', 'Until', 'date')}
        <button type="submit" className="btn btn-secondary">
          Filter
        </button>
      </form>
      {log.status === 'loading' && <p aria-live="polite">Loading the log…</p>}
      {log.status === 'error' && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(log.error)}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={log.retry}>
            Try again
          </button>
        </p>
      )}
      {log.status === 'ready' && log.data.total === 0 && <p className="people-empty">No entries match.</p>}
      {log.status === 'ready' && log.data.total > 0 && (
        <>
          <TableScroll className="organizer-table" label={`Audit log entries (${log.data.total}), newest first`}>
            <table>
              <caption className="visually-hidden">Audit log entries ({log.data.total}), newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Action</th>
                  <th scope="col">Done by</th>
                  <th scope="col">About</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {log.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">{venueDateTime.format(Date.parse(entry.at))}</th>
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
          <PeoplePager what="entries" page={page} pageSize={PAGE_SIZE} total={log.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
