import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadState } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/use-t.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { ApprovalDecision, ApprovalItem, ApprovalResponse } from '../../shared/contracts/organizer-people.ts';
import { type ConsoleT, useConsoleFormats } from './formats.ts';
import { decidePasses, loadApprovals, SOURCE_LABELS } from './organizer-people-api.ts';
import { PeoplePager } from './people-pager.tsx';
import './people.css';

const PAGE_SIZE = 100;

/** '3 approved, 1 already approved, 1 no longer pending.' for a toast, in the active language. */
export function summarize(response: ApprovalResponse, decision: ApprovalDecision): string {
  const count = (outcome: string) => response.results.filter((result) => result.outcome === outcome).length;
  const figures = {
    done: decision === 'approve' ? count('approved') : count('rejected'),
    already: count('already'),
    notPending: count('not-pending'),
  };
  return translate('organizer', decision === 'approve' ? 'approvalsApprovedSummary' : 'approvalsRejectedSummary', figures);
}

function sourceText(item: ApprovalItem, t: ConsoleT): string {
  if (item.source !== 'voucher') return t(SOURCE_LABELS[item.source]);
  const code = item.voucherCode ?? '';
  if (!item.codeType) return t('approvalsVoucher', { code });
  const type = item.hostCode ? t('approvalsHostCode') : t('codeType', { type: item.codeType });
  return t('approvalsVoucherWithType', { code, type });
}

/** /organizer/approvals: pending passes, oldest first; select many and approve or reject them at once. */
export function ApprovalsPage() {
  const t = useT('organizer');
  const { dateTime } = useConsoleFormats();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const queue = useRequest((signal) => loadApprovals(page, PAGE_SIZE, signal), [page]);
  const headingId = useId();
  const items = queue.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.passId));

  const toggle = (passId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(passId)) next.delete(passId);
      else next.add(passId);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(items.map((item) => item.passId)));

  async function decide(decision: ApprovalDecision) {
    const passIds = [...selected];
    if (passIds.length === 0) return;
    if (decision === 'reject' && !window.confirm(t('approvalsRejectConfirm', { count: passIds.length }))) {
      return;
    }
    setBusy(true);
    try {
      const response = await decidePasses(passIds, decision);
      void toastSuccess(summarize(response, decision));
      setSelected(new Set());
      queue.retry();
    } catch (error) {
      void toastError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="people-page" aria-labelledby={headingId}>
      <PageHeader title={t('approvalsTitle')} lead={t('approvalsLead')} />
      <h2 id={headingId} className="visually-hidden">
        {t('approvalsHeading')}
      </h2>
      <LoadState state={queue} look="inline" loading={t('approvalsLoading')} retryLabel={t('tryAgain')}>
        {(data) =>
          data.total === 0 ? (
            <p className="people-empty">{t('approvalsEmpty')}</p>
          ) : (
            <>
              <fieldset className="people-actions">
                <legend className="visually-hidden">{t('approvalsSelectedPasses')}</legend>
                <p className="people-actions__count" aria-live="polite">
                  {t('approvalsSelectedCount', { count: selected.size })}
                </p>
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={busy || selected.size === 0}
                  aria-busy={busy || undefined}
                  onClick={() => void decide('approve')}
                >
                  {t('approvalsApproveSelected')}
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={busy || selected.size === 0}
                  onClick={() => void decide('reject')}
                >
                  {t('approvalsRejectSelected')}
                </button>
              </fieldset>
              <TableScroll className="organizer-table" label={t('approvalsTable', { total: data.total })}>
                <table>
                  <caption className="visually-hidden">{t('approvalsTable', { total: data.total })}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="people-check">
                        <input type="checkbox" aria-label={t('approvalsSelectAll')} checked={allSelected} onChange={toggleAll} />
                      </th>
                      <th scope="col">{t('columnName')}</th>
                      <th scope="col">{t('columnCompany')}</th>
                      <th scope="col">{t('columnPass')}</th>
                      <th scope="col">{t('columnHow')}</th>
                      <th scope="col">{t('columnCreated')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((item) => (
                      <tr key={item.passId} className={selected.has(item.passId) ? 'is-selected' : undefined}>
                        <td className="people-check">
                          <input
                            type="checkbox"
                            aria-label={t('approvalsSelectOne', { name: item.name || item.email })}
                            checked={selected.has(item.passId)}
                            onChange={() => toggle(item.passId)}
                          />
                        </td>
                        <th scope="row">
                          <Link to={`/organizer/attendees/${item.userId}`}>{item.name || item.email}</Link>
                          <span className="people-meta">{item.email}</span>
                        </th>
                        <td>{item.company}</td>
                        <td>{item.passType.name}</td>
                        <td>
                          {sourceText(item, t)}
                          {item.hostCode && <span className="people-tag">{t('approvalsHostTag')}</span>}
                        </td>
                        <td>{dateTime(item.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <PeoplePager what="pendingPasses" page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
            </>
          )
        }
      </LoadState>
    </section>
  );
}
