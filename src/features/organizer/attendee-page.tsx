import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatEuro } from '../../lib/money.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { AttendeeDetail } from '../../shared/contracts/organizer-people.ts';
import { type ConsoleT, useConsoleFormats } from './formats.ts';
import { type AttendeeActionName, attendeeAction, loadAttendee, SOURCE_LABELS, STATUS_LABELS } from './organizer-people-api.ts';
import './people.css';

/** An instant on the venue clock, or a dash for none. */
function useWhen() {
  const { dateTime } = useConsoleFormats();
  return (iso: string | null) => (iso ? dateTime(iso) : '—');
}

/** The account kinds an organizer sees (scopes, and the vendor tag); others are shown as they are stored. */
const ROLE_LABELS: Record<string, MessageKey<'organizer'>> = {
  host: 'roleHost',
  vip: 'roleVip',
  'vendor-vip': 'roleVendorVip',
  staff: 'roleStaff',
  organizer: 'roleOrganizer',
  vendor: 'roleVendor',
};

const ORDER_KINDS: Record<string, MessageKey<'organizer'>> = {
  registration: 'orderKindRegistration',
  upgrade: 'orderKindUpgrade',
  hotel: 'orderKindHotel',
  'train-ticket': 'orderKindTrainTicket',
};

/** A stored value in words where the catalogue has them, else the value itself. */
function labelOf(t: ConsoleT, labels: Record<string, MessageKey<'organizer'>>, value: string): string {
  const key = labels[value];
  return key ? t(key) : value;
}

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
  const t = useT('organizer');
  if (rows.length === 0) return <p className="people-empty">{t('attendeeNone')}</p>;
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

const ACTION_BUSY: Record<AttendeeActionName, MessageKey<'organizer'>> = {
  'resend-confirmation': 'attendeeSending',
  'reissue-barcode': 'attendeeIssuing',
  'cancel-pass': 'attendeeCancelling',
};

function Actions({ detail, onDone }: { detail: AttendeeDetail; onDone: (next: AttendeeDetail) => void }) {
  const t = useT('organizer');
  const [busy, setBusy] = useState<AttendeeActionName | null>(null);
  const pass = detail.pass;
  const canCancel = pass?.status === 'pending' || pass?.status === 'approved';

  async function run(action: AttendeeActionName) {
    if (
      action === 'cancel-pass' &&
      !window.confirm(
        t('attendeeCancelConfirm', {
          passType: pass?.passType.name ?? t('attendeeThePass'),
          email: detail.profile.email,
        }),
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
      {busy === action ? t(ACTION_BUSY[action]) : label}
    </button>
  );

  return (
    <fieldset className="people-actions">
      <legend className="visually-hidden">{t('attendeeActions')}</legend>
      {button(
        'resend-confirmation',
        detail.profile.emailConfirmedAt ? t('attendeeResendApproval') : t('attendeeResendConfirmation'),
        'btn-secondary',
      )}
      {button('reissue-barcode', t('attendeeReissueBarcode'), 'btn-secondary', pass?.status === 'approved')}
      {button('cancel-pass', t('attendeeCancelPass'), 'btn-danger', canCancel)}
    </fieldset>
  );
}

/** /organizer/attendees/:userId: one person's record with the organizer's actions on it. */
export function AttendeePage() {
  const t = useT('organizer');
  const when = useWhen();
  const { userId = '' } = useParams();
  const request = useRequest((signal) => loadAttendee(userId, signal), [userId]);
  const [detail, setDetail] = useState<AttendeeDetail | null>(null);
  useEffect(() => setDetail(request.data), [request.data]);

  if (request.status === 'loading') {
    return (
      <section className="people-page">
        <PageHeader title={t('attendeeTitle')} />
        <p aria-live="polite">{t('attendeeLoading')}</p>
      </section>
    );
  }
  if (request.status === 'error' || !detail) {
    return (
      <section className="people-page">
        <PageHeader title={t('attendeeTitle')} />
        <p className="alert alert-danger" role="alert">
          {errorMessage(request.error)}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={request.retry}>
            {t('tryAgain')}
          </button>
        </p>
        <p>
          <Link to="/organizer/attendees">{t('attendeeBackToAttendees')}</Link>
        </p>
      </section>
    );
  }

  const { profile, pass } = detail;
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.email;
  return (
    <section className="people-page">
      <p className="people-back">
        <Link to="/organizer/attendees">{t('attendeeBack')}</Link>
      </p>
      <PageHeader title={name} lead={profile.company || undefined} documentTitle={t('attendeeDocumentTitle', { name })} />
      <Actions detail={detail} onDone={setDetail} />
      <div className="people-sections">
        <Section title={t('attendeeProfile')}>
          <dl className="people-facts">
            <dt>{t('attendeeEmail')}</dt>
            <dd>
              {profile.email}{' '}
              {profile.emailConfirmedAt ? t('attendeeEmailConfirmed') : <strong>{t('attendeeEmailNotConfirmed')}</strong>}
            </dd>
            <dt>{t('columnCompany')}</dt>
            <dd>{profile.company || '—'}</dd>
            <dt>{t('attendeeRoles')}</dt>
            <dd>
              {[...profile.scopes, ...(profile.tagIds.includes(2) ? ['vendor'] : [])]
                .map((role) => labelOf(t, ROLE_LABELS, role))
                .join(', ') || t('roleAttendee')}
            </dd>
            <dt>{t('attendeeAccountCreated')}</dt>
            <dd>{when(profile.createdAt)}</dd>
          </dl>
        </Section>
        <Section title={t('attendeePass')}>
          {pass ? (
            <>
              <dl className="people-facts">
                <dt>{t('attendeePassType')}</dt>
                <dd>{pass.passType.name}</dd>
                <dt>{t('columnStatus')}</dt>
                <dd>
                  <span className={`people-status people-status--${pass.status}`}>{t(STATUS_LABELS[pass.status])}</span>
                </dd>
                <dt>{t('columnHow')}</dt>
                <dd>
                  {pass.voucherCode
                    ? pass.codeType
                      ? t('attendeeHowCodeWithType', {
                          source: t(SOURCE_LABELS[pass.source]),
                          code: pass.voucherCode,
                          type: t('codeType', { type: pass.codeType }),
                        })
                      : t('attendeeHowCode', { source: t(SOURCE_LABELS[pass.source]), code: pass.voucherCode })
                    : t(SOURCE_LABELS[pass.source])}
                </dd>
                <dt>{t('columnCreated')}</dt>
                <dd>{when(pass.createdAt)}</dd>
                <dt>{t('attendeeApproved')}</dt>
                <dd>{when(pass.approvedAt)}</dd>
              </dl>
              <h3 className="people-subtitle">{t('attendeeBarcodes')}</h3>
              <Table
                label={t('attendeeBarcodes')}
                head={[t('attendeeBarcode'), t('attendeeIssued'), t('attendeeRevoked')]}
                rows={pass.barcodes.map((barcode) => [
                  <code key="id">{barcode.id.slice(0, 8)}</code>,
                  when(barcode.issuedAt),
                  barcode.revokedAt
                    ? t('attendeeRevokedAt', {
                        when: when(barcode.revokedAt),
                        reason: barcode.revokedReason ?? t('attendeeRevokedReason'),
                      })
                    : t('attendeeCurrentBarcode'),
                ])}
              />
            </>
          ) : (
            <p className="people-empty">{t('attendeeNoPass')}</p>
          )}
        </Section>
        <Section title={t('attendeeOrders')}>
          <Table
            label={t('attendeeOrders')}
            head={[t('attendeeOrder'), t('columnStatus'), t('attendeeAmount'), t('attendeeRefunded'), t('attendeePlaced')]}
            rows={detail.orders.map((order) => [
              order.description || labelOf(t, ORDER_KINDS, order.kind),
              t('orderStatus', { status: order.status }),
              formatEuro(order.gross),
              order.refunded > 0 ? formatEuro(order.refunded) : '—',
              when(order.createdAt),
            ])}
          />
        </Section>
        <Section title={t('attendeeInvoices')}>
          {detail.billingVat?.vatId ? (
            <dl className="people-facts">
              <dt>{t('attendeeVatId')}</dt>
              <dd>{detail.billingVat.vatId}</dd>
            </dl>
          ) : null}
          <Table
            label={t('attendeeInvoices')}
            head={[t('attendeeNumber'), t('attendeeKind'), t('attendeeAmount'), t('attendeeIssued'), t('attendeeBuyerVatId')]}
            rows={detail.invoices.map((invoice) => [
              invoice.number,
              invoice.kind === 'credit-note' ? t('attendeeCreditNote') : t('attendeeInvoice'),
              formatEuro(invoice.gross),
              when(invoice.issuedAt),
              // The VAT ID printed on the document; it changes no price.
              invoice.buyerVatId || '—',
            ])}
          />
        </Section>
        <Section title={t('attendeeBookings')}>
          <Table
            label={t('attendeeBookings')}
            head={[t('attendeeHotel'), t('attendeeRoom'), t('attendeeNights'), t('columnStatus')]}
            rows={detail.bookings.map((booking) => [
              booking.accommodation,
              booking.room,
              `${booking.start} – ${booking.end}`,
              t('bookingStatus', { status: booking.status }),
            ])}
          />
        </Section>
        <Section title={t('attendeeCheckins')}>
          <Table
            label={t('attendeeCheckins')}
            head={[t('attendeeList'), t('attendeeScanned'), t('attendeeDevice'), t('attendeeDuplicate')]}
            rows={detail.checkins.map((checkin) => [
              checkin.list,
              when(checkin.scannedAt),
              checkin.deviceId,
              checkin.duplicate ? t('yes') : t('no'),
            ])}
          />
        </Section>
        <Section title={t('attendeeLeads')}>
          <dl className="people-facts">
            <dt>{t('attendeeScannedOthers')}</dt>
            <dd>{detail.leads.asScanner}</dd>
            <dt>{t('attendeeScannedByOthers')}</dt>
            <dd>{detail.leads.asScanned}</dd>
          </dl>
        </Section>
      </div>
    </section>
  );
}
