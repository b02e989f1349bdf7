import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import type { Pass } from '../../shared/contracts/catalog.ts';
import './pass-status-badge.css';

/** Pass catalogue keys of the status names (home and pass page). */
const LABELS: Record<Pass['status'], MessageKey<'pass'>> = {
  pending: 'statusPending',
  approved: 'statusApproved',
  rejected: 'statusRejected',
  cancelled: 'statusCancelled',
};

export function PassStatusBadge({ status }: { status: Pass['status'] }) {
  const t = useT('pass');
  return <span className={`badge pass-status pass-status--${status}`}>{t(LABELS[status])}</span>;
}
