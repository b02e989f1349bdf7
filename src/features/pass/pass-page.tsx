import { useAtomValue } from 'jotai';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PassStatusBadge } from '../../components/ui/pass-status-badge.tsx';
import { passAtom } from '../../lib/session.ts';
import { MESSAGES } from '../../shared/messages.ts';
import './pass.css';

/** /pass: the pass at a glance; the signed barcode and upgrades arrive with the pass issue. */
export function PassPage() {
  const pass = useAtomValue(passAtom);

  if (!pass) {
    return (
      <>
        <PageHeader title="Your Pass" />
        <EmptyState icon="pass" title={MESSAGES.noPass}>
          You don't have a pass for CloudFest 2026 yet. Buying a pass from your account will be possible here soon.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Your Pass" />
      <section className="card pass-summary" aria-labelledby="pass-type">
        <h2 id="pass-type" className="pass-summary__type">
          {pass.passType.name}
        </h2>
        <PassStatusBadge status={pass.status} />
        {pass.voucherCode ? (
          <p className="pass-summary__voucher">
            Voucher code: <code>{pass.voucherCode}</code>
          </p>
        ) : null}
      </section>
      <EmptyState icon="scan" title="Your badge is on its way">
        The barcode for entry and for lead scanning will be shown here, also without a connection.
      </EmptyState>
    </>
  );
}
