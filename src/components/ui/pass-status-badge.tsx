import type { Pass } from '../../shared/contracts/catalog.ts';
import './pass-status-badge.css';

const LABELS: Record<Pass['status'], string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export function PassStatusBadge({ status }: { status: Pass['status'] }) {
  return <span className={`badge pass-status pass-status--${status}`}>{LABELS[status]}</span>;
}
