import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessage } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { ApprovalDecision, ApprovalItem, ApprovalResponse } from '../../shared/contracts/organizer-people.ts';
import { decidePasses, loadApprovals, SOURCE_LABELS, venueDateTime } from './organizer-people-api.ts';
import { PeoplePager } from './people-pager.tsx';
import './people.css';

const PAGE_SIZE = 100;

/** '3 approved, 1 already approved, 1 not pending' for a toast. */
export function summarize(response: ApprovalResponse, decision: ApprovalDecision): string {
  const count = (outcome: string) => response.results.filter((result) => result.outcome === outcome).length;
  const done = decision === 'approve' ? count('approved') : count('rejected');
  const parts = [`${done} ${decision === 'approve' ? 'approved' : 'rejected'}`];
  if (count('already')) parts.push(`${count('already')} already ${decision === 'approve' ? 'approved' : 'rejected'}`);
  if (count('not-pending')) parts.push(`${count('not-pending')} no longer pending`);
  return `${parts.join(', ')}.`;
}

function sourceText(item: ApprovalItem): string {
  if (item.source !== 'voucher') return SOURCE_LABELS[item.source] ?? item.source;
  return `Voucher ${item.voucherCode ?? ''}${item.codeType ? ` (${item.hostCode ? 'host code' : item.codeType})` : ''}`;
}

/** /organizer/approvals: pending passes, oldest first; select many and approve or reject them at once. */
export function ApprovalsPage() {
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
    if (
      decision === 'reject' &&
      !window.confirm(
        `Reject ${passIds.length} pass${passIds.length === 1 ? '' : 'es'}? The holders are told by e-mail, their barcodes stop working and free passes go back to the pool.`,
      )
    ) {
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
      <PageHeader
        title="Approvals"
        lead="Passes waiting for approval, oldest first. Approved holders get an e-mail and can sign in."
      />
      <h2 id={headingId} className="visually-hidden">
        Pending passes
      </h2>
      {queue.status === 'loading' && <p aria-live="polite">Loading the queue…</p>}
      {queue.status === 'error' && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(queue.error)}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={queue.retry}>
            Try again
          </button>
        </p>
      )}
      {queue.status === 'ready' && queue.data.total === 0 && <p className="people-empty">No passes are waiting for approval.</p>}
      {queue.status === 'ready' && queue.data.total > 0 && (
        <>
          <fieldset className="people-actions">
            <legend className="visually-hidden">Selected passes</legend>
            <p className="people-actions__count" aria-live="polite">
              {selected.size} selected
            </p>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy || selected.size === 0}
              aria-busy={busy || undefined}
              onClick={() => void decide('approve')}
            >
              Approve selected
            </button>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busy || selected.size === 0}
              onClick={() => void decide('reject')}
            >
              Reject selected
            </button>
          </fieldset>
          <TableScroll className="organizer-table" label={`Pending passes (${queue.data.total})`}>
            <table>
              <caption className="visually-hidden">Pending passes ({queue.data.total})</caption>
              <thead>
                <tr>
                  <th scope="col" className="people-check">
                    <input type="checkbox" aria-label="Select all on this page" checked={allSelected} onChange={toggleAll} />
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Company</th>
                  <th scope="col">Pass</th>
                  <th scope="col">How</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.passId} className={selected.has(item.passId) ? 'is-selected' : undefined}>
                    <td className="people-check">
                      <input
                        type="checkbox"
                        aria-label={`Select ${item.name || item.email}`}
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
                      {sourceText(item)}
                      {item.hostCode && <span className="people-tag">Host</span>}
                    </td>
                    <td>{venueDateTime.format(Date.parse(item.createdAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <PeoplePager what="pending passes" page={page} pageSize={PAGE_SIZE} total={queue.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
