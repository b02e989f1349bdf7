import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadState } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useNavigationPending } from '../../lib/navigation-state.ts';
import { useRequest } from '../../lib/use-request.ts';
import { ATTENDEE_STATUS_FILTERS, type AttendeeQuery } from '../../shared/contracts/organizer-people.ts';
import { loadPassTypes, SOURCE_LABELS, STATUS_LABELS, searchAttendees } from './organizer-people-api.ts';
import { PeoplePager, useDebounced } from './people-pager.tsx';
import './people.css';

const PAGE_SIZE = 50;
type StatusFilter = (typeof ATTENDEE_STATUS_FILTERS)[number];
const isStatus = (value: string | null): value is StatusFilter => ATTENDEE_STATUS_FILTERS.includes(value as StatusFilter);

/** The search as the address bar keeps it (so going back from a person returns to the same page of results). */
function queryOf(params: URLSearchParams): AttendeeQuery {
  const passType = Number(params.get('passType'));
  const page = Number(params.get('page'));
  const status = params.get('status');
  return {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    passType: Number.isInteger(passType) && passType > 0 ? passType : undefined,
    status: isStatus(status) ? status : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

/** /organizer/attendees: everyone, searchable by name, e-mail or company, filtered by pass type and status. */
export function AttendeesPage() {
  const t = useT('organizer');
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [text, setText] = useState(query.q ?? '');
  const settled = useDebounced(text.trim());
  const id = useId();
  const types = useRequest((signal) => loadPassTypes(signal), []);
  const results = useRequest((signal) => searchAttendees(query, signal), [query.q, query.passType, query.status, query.page]);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // A new filter starts at the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The typed text reaches the address (and the server) once typing pauses, unless the organizer
  // already opened a person: writing the address then would cancel that navigation.
  const leaving = useNavigationPending();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text triggers a search
  useEffect(() => {
    if (!leaving && settled !== (query.q ?? '')) update({ q: settled || undefined });
  }, [settled]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() || undefined });
  };

  return (
    <section className="people-page">
      <PageHeader title={t('attendeesTitle')} lead={t('attendeesLead')} />
      <search>
        <form className="organizer-toolbar people-search" aria-label={t('attendeesSearchForm')} onSubmit={submit}>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-q`}>
              {t('attendeesSearchText')}
            </label>
            <input
              id={`${id}-q`}
              className="input"
              type="search"
              maxLength={100}
              value={text}
              autoComplete="off"
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-type`}>
              {t('attendeesPassType')}
            </label>
            <select
              id={`${id}-type`}
              className="input"
              value={query.passType ? String(query.passType) : ''}
              onChange={(event) => update({ passType: event.target.value || undefined })}
            >
              <option value="">{t('attendeesAllPassTypes')}</option>
              {(types.data ?? []).map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-status`}>
              {t('attendeesPassStatus')}
            </label>
            <select
              id={`${id}-status`}
              className="input"
              value={query.status ?? ''}
              onChange={(event) => update({ status: event.target.value || undefined })}
            >
              <option value="">{t('attendeesAnyStatus')}</option>
              {ATTENDEE_STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {t(STATUS_LABELS[status])}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-secondary">
            {t('attendeesSearch')}
          </button>
        </form>
      </search>

      <LoadState state={results} look="inline" loading={t('attendeesSearching')} retryLabel={t('tryAgain')}>
        {(data) =>
          data.total === 0 ? (
            <p className="people-empty" aria-live="polite">
              {t('attendeesNoMatch')}
            </p>
          ) : (
            <>
              <TableScroll className="organizer-table" label={t('attendeesTable', { total: data.total })}>
                <table>
                  <caption className="visually-hidden">{t('attendeesTable', { total: data.total })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('columnName')}</th>
                      <th scope="col">{t('columnCompany')}</th>
                      <th scope="col">{t('columnPass')}</th>
                      <th scope="col">{t('columnStatus')}</th>
                      <th scope="col">{t('columnHow')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <tr key={row.userId}>
                        <th scope="row">
                          <Link to={`/organizer/attendees/${row.userId}`}>{row.name || row.email}</Link>
                          <span className="people-meta">{row.email}</span>
                        </th>
                        <td>{row.company}</td>
                        <td>{row.passType?.name ?? '—'}</td>
                        <td>
                          <span className={`people-status people-status--${row.status ?? 'none'}`}>
                            {t(STATUS_LABELS[row.status ?? 'none'])}
                          </span>
                        </td>
                        <td>{row.source ? t(SOURCE_LABELS[row.source]) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <PeoplePager
                what="people"
                page={data.page}
                pageSize={PAGE_SIZE}
                total={data.total}
                onPage={(page) => update({ page: page > 1 ? String(page) : undefined })}
              />
            </>
          )
        }
      </LoadState>
    </section>
  );
}
