import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatEuro } from '../../lib/money.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { AttendeeDetail, VatConfirmation } from '../../shared/contracts/organizer-people.ts';
import {
  type AttendeeActionName,
  attendeeAction,
  loadAttendee,
  SOURCE_LABELS,
  STATUS_LABELS,
  venueDateTime,
} from './organizer-people-api.ts';
import './people.css';

const when = (iso: string | null) => (iso ? venueDateTime.format(Date.parse(iso)) : '—');

/** VIES's confirmation of a VAT ID in words: its date and consultation number (issue 13). */
const viesText = (confirmation: VatConfirmation | null) =>
  confirmation
    ? `confirmed ${when(confirmation.confirmedAt)}${confirmation.reference ? `, reference ${confirmation.reference}` : ', no reference'}`
    : 'not confirmed';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card people-section" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Table({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <p className="people-empty">None.</p>;
  return (
    <TableScroll className="organizer-table" label={label}>
      <table aria-label={label}>
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are rendered from a fixed answer
            <tr key={row}>
              {cells.map((cell, column) =>
                column === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                  <td key={column}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const ACTION_BUSY: Record<AttendeeActionName, string> = {
  'resend-confirmation': 'Sending…',
  'reissue-barcode': 'Issuing…',
  'cancel-pass': 'Cancelling…',
};

function Actions({ detail, onDone }: { detail: AttendeeDetail; onDone: (next: AttendeeDetail) => void }) {
  const [busy, setBusy] = useState<AttendeeActionName | null>(null);
  const pass = detail.pass;
  const canCancel = pass?.status === 'pending' || pass?.status === 'approved';

  async function run(action: AttendeeActionName) {
    if (
      action === 'cancel-pass' &&
      !window.confirm(
        `Cancel the ${pass?.passType.name ?? 'pass'} of ${detail.profile.email}? Its barcode stops working, a paid pass is refunded and the holder is told by e-mail.`,
      )
    ) {
      return;
    }
    setBusy(action);
    try {
      const answer = await attendeeAction(detail.profile.userId, action);
      void toastSuccess(answer.message);
      onDone(answer.attendee);
    } catch (error) {
      void toastError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const button = (action: AttendeeActionName, label: string, className: string, enabled = true) => (
    <button
      type="button"
      className={`btn ${className}`}
      disabled={busy !== null || !enabled}
      aria-busy={busy === action || undefined}
      onClick={() => void run(action)}
    >
      {busy === action ? ACTION_BUSY[action] : label}
    </button>
  );

  return (
    <fieldset className="people-actions">
      <legend className="visually-hidden">Actions</legend>
      {button(
        'resend-confirmation',
        detail.profile.emailConfirmedAt ? 'Resend approval e-mail' : 'Resend confirmation e-mail',
        'btn-secondary',
      )}
      {button('reissue-barcode', 'Reissue barcode (lost badge)', 'btn-secondary', pass?.status === 'approved')}
      {button('cancel-pass', 'Cancel pass', 'btn-danger', canCancel)}
    </fieldset>
  );
}

/** /organizer/attendees/:userId: one person's record with the organizer's actions on it. */
export function AttendeePage() {
  const { userId = '' } = useParams();
  const request = useRequest((signal) => loadAttendee(userId, signal), [userId]);
  const [detail, setDetail] = useState<AttendeeDetail | null>(null);
  useEffect(() => setDetail(request.data), [request.data]);

  if (request.status === 'loading') {
    return (
      <section className="people-page">
        <PageHeader title="Attendee" />
        <p aria-live="polite">Loading…</p>
      </section>
    );
  }
  if (request.status === 'error' || !detail) {
    return (
      <section className="people-page">
        <PageHeader title="Attendee" />
        <p className="alert alert-danger" role="alert">
          {errorMessage(request.error)}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={request.retry}>
            Try again
          </button>
        </p>
        <p>
          <Link to="/organizer/attendees">Back to the attendees</Link>
        </p>
      </section>
    );
  }

  const { profile, pass } = detail;
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.email;
  return (
    <section className="people-page">
      <p className="people-back">
        <Link to="/organizer/attendees">← Attendees</Link>
      </p>
      <PageHeader title={name} lead={profile.company || undefined} documentTitle={`${name} · Attendees`} />
      <Actions detail={detail} onDone={setDetail} />
      <div className="people-sections">
        <Section title="Profile">
          <dl className="people-facts">
            <dt>E-mail</dt>
            <dd>
              {profile.email} {profile.emailConfirmedAt ? '(confirmed)' : <strong>(not confirmed)</strong>}
            </dd>
            <dt>Company</dt>
            <dd>{profile.company || '—'}</dd>
            <dt>Roles</dt>
            <dd>{[...profile.scopes, ...(profile.tagIds.includes(2) ? ['vendor'] : [])].join(', ') || 'attendee'}</dd>
            <dt>Account created</dt>
            <dd>{when(profile.createdAt)}</dd>
          </dl>
        </Section>
        <Section title="Pass">
          {pass ? (
            <>
              <dl className="people-facts">
                <dt>Type</dt>
                <dd>{pass.passType.name}</dd>
                <dt>Status</dt>
                <dd>
                  <span className={`people-status people-status--${pass.status}`}>{STATUS_LABELS[pass.status]}</span>
                </dd>
                <dt>How</dt>
                <dd>
                  {SOURCE_LABELS[pass.source]}
                  {pass.voucherCode ? ` ${pass.voucherCode}${pass.codeType ? ` (${pass.codeType})` : ''}` : ''}
                </dd>
                <dt>Created</dt>
                <dd>{when(pass.createdAt)}</dd>
                <dt>Approved</dt>
                <dd>{when(pass.approvedAt)}</dd>
              </dl>
              <h3 className="people-subtitle">Barcodes</h3>
              <Table
                label="Barcodes"
                head={['Barcode', 'Issued', 'Revoked']}
                rows={pass.barcodes.map((barcode) => [
                  <code key="id">{barcode.id.slice(0, 8)}</code>,
                  when(barcode.issuedAt),
                  barcode.revokedAt ? `${when(barcode.revokedAt)} (${barcode.revokedReason ?? 'revoked'})` : 'Current',
                ])}
              />
            </>
          ) : (
            <p className="people-empty">No pass.</p>
          )}
        </Section>
        <Section title="Orders">
          <Table
            label="Orders"
            head={['Order', 'Status', 'Amount', 'Refunded', 'Placed']}
            rows={detail.orders.map((order) => [
              order.description || order.kind,
              order.status,
              formatEuro(order.gross),
              order.refunded > 0 ? formatEuro(order.refunded) : '—',
              when(order.createdAt),
            ])}
          />
        </Section>
        <Section title="Invoices and credit notes">
          {detail.billingVat?.vatId ? (
            <dl className="people-facts">
              <dt>VAT ID</dt>
              <dd>{detail.billingVat.vatId}</dd>
              <dt>VIES</dt>
              <dd>{viesText(detail.billingVat.confirmation)}</dd>
            </dl>
          ) : null}
          <Table
            label="Invoices and credit notes"
            head={['Number', 'Kind', 'Amount', 'Issued', 'VAT']}
            rows={detail.invoices.map((invoice) => [
              invoice.number,
              invoice.kind === 'credit-note' ? 'Credit note' : 'Invoice',
              formatEuro(invoice.gross),
              when(invoice.issuedAt),
              invoice.reverseCharge
                ? `Reverse charge, ${invoice.buyerVatId}: ${viesText(invoice.vatConfirmation)}`
                : 'VAT charged',
            ])}
          />
        </Section>
        <Section title="Bookings">
          <Table
            label="Bookings"
            head={['Hotel', 'Room', 'Nights', 'Status']}
            rows={detail.bookings.map((booking) => [
              booking.accommodation,
              booking.room,
              `${booking.start} – ${booking.end}`,
              booking.status,
            ])}
          />
        </Section>
        <Section title="Check-ins">
          <Table
            label="Check-ins"
            head={['List', 'Scanned', 'Device', 'Duplicate']}
            rows={detail.checkins.map((checkin) => [
              checkin.list,
              when(checkin.scannedAt),
              checkin.deviceId,
              checkin.duplicate ? 'Yes' : 'No',
            ])}
          />
        </Section>
        <Section title="Leads">
          <dl className="people-facts">
            <dt>Scanned others</dt>
            <dd>{detail.leads.asScanner}</dd>
            <dt>Scanned by others</dt>
            <dd>{detail.leads.asScanned}</dd>
          </dl>
        </Section>
      </div>
    </section>
  );
}
