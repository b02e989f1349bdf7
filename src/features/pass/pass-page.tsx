import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PassStatusBadge } from '../../components/ui/pass-status-badge.tsx';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { formatEuro } from '../../lib/money.ts';
import { configAtom, passAtom, userAtom } from '../../lib/session.ts';
import { type PaymentReturn, usePaymentReturn } from '../../lib/use-payment-return.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { Pass } from '../../shared/contracts/catalog.ts';
import { decodePassToken } from '../../shared/pass-token.ts';
import { fetchBarcodeToken, fetchPass, fetchPurchasableTypes } from './pass-api.ts';
import { formatValidity } from './pass-format.ts';
import { PassQrCode } from './pass-qr-code.tsx';
import { usePassVerification } from './use-pass-verification.ts';
import './pass.css';

/**
 * /pass: the pass as a badge to show at the entrance. An approved pass carries its signed token
 * as a QR code (docs/architecture.md §6); a pending one waits for approval; without a pass the page leads
 * to /pass/upgrade, which sells one. Back from an upgrade payment (`?session=`) it confirms the
 * outcome and reloads the pass and its re-issued barcode.
 */
export function PassPage() {
  const t = useT('pass');
  const common = useT('common');
  const [search] = useSearchParams();
  const payment = usePaymentReturn(search.get('session'));
  const pass = useAtomValue(passAtom);
  const setPass = useSetAtom(passAtom);

  // The upgrade changed the pass type on the server: take the new pass (docs/behaviour.md §8: on failure keep what we have).
  useEffect(() => {
    if (payment.kind !== 'succeeded') return;
    const controller = new AbortController();
    fetchPass(controller.signal).then(
      (fresh) => {
        if (fresh) setPass(fresh);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [payment.kind, setPass]);

  return (
    <div className="pass-page">
      <PageHeader title={t('title')} />
      <PaymentOutcome payment={payment} pass={pass} />
      {pass ? (
        <>
          <PassBadge pass={pass} />
          <UpgradeOffer pass={pass} />
        </>
      ) : (
        <EmptyState
          icon="pass"
          title={common('noPass')}
          action={
            <Link to="/pass/upgrade" className="btn btn-primary">
              {t('getPass')}
            </Link>
          }
        >
          {t('noPassText')}
        </EmptyState>
      )}
    </div>
  );
}

function PaymentOutcome({ payment, pass }: { payment: PaymentReturn; pass: Pass | null }) {
  const t = useT('pass');
  switch (payment.kind) {
    case 'none':
      return null;
    case 'checking':
      return <Notice tone="info">{t('paymentChecking')}</Notice>;
    case 'succeeded': {
      // A user without a pass buys a first one through the same route (line kind 'pass', not 'upgrade').
      const upgraded = payment.order.lines.some((line) => line.kind === 'upgrade');
      let outcome = t('passReady');
      if (pass && upgraded) outcome = t('passUpgraded', { passType: pass.passType.name });
      else if (pass) outcome = t('passTypeReady', { passType: pass.passType.name });
      return (
        <Notice tone="success" role="alert">
          <strong>{t('paymentReceived')}</strong> {outcome}
          {payment.order.invoiceNumber ? (
            <>
              {' '}
              <Text
                ns="pass"
                k="invoiceReady"
                values={{ number: payment.order.invoiceNumber }}
                components={{ link: <Link to="/invoices" /> }}
              />
            </>
          ) : null}
        </Notice>
      );
    }
    case 'failed':
      return (
        <Notice tone="danger">
          <Text ns="pass" k="paymentFailed" components={{ link: <Link to="/pass/upgrade" /> }} />
        </Notice>
      );
    case 'open':
      return <Notice tone="warning">{t('paymentOpen')}</Notice>;
    case 'unknown':
      return <Notice tone="warning">{t('paymentUnknown')}</Notice>;
  }
}

/** The pass as a conference badge: type, status, QR code, holder and the days it is valid. */
function PassBadge({ pass }: { pass: Pass }) {
  const t = useT('pass');
  const language = useLanguage();
  const user = useAtomValue(userAtom);
  const config = useAtomValue(configAtom);
  const validity = config ? formatValidity(config.startDate, config.endDate, language) : null;
  const holder = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  return (
    <article className="pass-badge" aria-labelledby="pass-type">
      <header className="pass-badge__header">
        <p className="pass-badge__event">{config?.name ?? 'CloudFest 2026'}</p>
        <h2 id="pass-type" className="pass-badge__type">
          {pass.passType.name}
        </h2>
        <PassStatusBadge status={pass.status} />
      </header>

      {pass.status === 'approved' ? (
        <PassBarcode pass={pass} holder={holder} company={user?.company ?? ''} />
      ) : (
        <div className="pass-badge__body">
          <Notice tone={pass.status === 'pending' ? 'warning' : 'danger'}>
            {pass.status === 'pending' ? t('pendingNotice') : t('invalidNotice')}
          </Notice>
          <p className="pass-badge__holder">{holder}</p>
          {user?.company ? <p className="pass-badge__company">{user.company}</p> : null}
        </div>
      )}

      <dl className="pass-badge__details">
        {validity ? (
          <div>
            <dt>{t('valid')}</dt>
            <dd>{validity}</dd>
          </div>
        ) : null}
        {config?.venue ? (
          <div>
            <dt>{t('venue')}</dt>
            <dd>{config.venue}</dd>
          </div>
        ) : null}
        {pass.voucherCode ? (
          <div>
            <dt>{t('voucherCode')}</dt>
            <dd>
              <code>{pass.voucherCode}</code>
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}

interface PassBarcodeProps {
  pass: Pass;
  holder: string;
  company: string;
}

/**
 * The signed token from GET /api/pass/barcode as a QR code, with the name it carries underneath.
 * Fetched again whenever the pass changes (an upgrade re-issues it and revokes the old one).
 */
function PassBarcode({ pass, holder, company }: PassBarcodeProps) {
  const t = useT('pass');
  const barcode = useRequest((signal) => fetchBarcodeToken(signal), [pass.id, pass.passType.id, pass.status]);
  const token = barcode.status === 'ready' ? barcode.data : null;
  const verification = usePassVerification(token);

  if (barcode.status === 'loading') {
    return (
      <div className="pass-badge__body">
        <div className="pass-qr pass-qr--placeholder" role="status" aria-label={t('barcodeLoading')} />
      </div>
    );
  }
  if (barcode.status === 'error') {
    const missing = barcode.error instanceof ApiError && barcode.error.status === 404;
    return (
      <div className="pass-badge__body">
        <Notice tone="warning" role="alert">
          {missing ? t('barcodeNotReady') : t('barcodeFailed')}
        </Notice>
        <button type="button" className="btn btn-secondary" onClick={barcode.retry}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }

  // The name and company under the code are the ones signed into it: what a scanner will show.
  let signed: { n: string; c: string } | null = null;
  try {
    signed = decodePassToken(barcode.data).payload;
  } catch {
    signed = null;
  }
  const name = signed?.n || holder;
  const organisation = signed ? signed.c : company;

  return (
    <div className="pass-badge__body">
      <figure className="pass-badge__code">
        <PassQrCode token={barcode.data} label={name ? t('barcodeLabel', { name }) : t('barcodeLabelNoName')} />
        <figcaption>
          <span className="pass-badge__holder">{name}</span>
          {organisation ? <span className="pass-badge__company">{organisation}</span> : null}
        </figcaption>
      </figure>
      {verification === 'verified' ? (
        <p className="pass-badge__verification">
          <span className="badge pass-badge__verified">{t('verified')}</span> {t('signatureChecked')}
        </p>
      ) : null}
      {verification === 'invalid' ? <Notice tone="warning">{t('barcodeUnverified')}</Notice> : null}
      <p className="pass-badge__hint">{t('barcodeHint')}</p>
    </div>
  );
}

/** 'Upgrade your pass' when the current type has paid upgrades (docs/behaviour.md §7 upgradeableBy); nothing otherwise. */
function UpgradeOffer({ pass }: { pass: Pass }) {
  const t = useT('pass');
  const language = useLanguage();
  const upgrades = useRequest((signal) => fetchPurchasableTypes(pass, signal), [pass.id, pass.passType.id, pass.status]);
  if (upgrades.status !== 'ready' || upgrades.data.length === 0) return null;
  const cheapest = Math.min(...upgrades.data.map((type) => type.price));
  return (
    <section className="card pass-upgrade-offer" aria-labelledby="pass-upgrade-offer-title">
      <div>
        <h2 id="pass-upgrade-offer-title" className="card-title">
          {t('upgradeOfferTitle')}
        </h2>
        <p className="text-muted">
          {upgrades.data.length === 1
            ? t('upgradeOfferOne', { passType: upgrades.data[0]?.name })
            : t('upgradeOfferMany', { count: upgrades.data.length, price: formatEuro(cheapest, language) })}
        </p>
      </div>
      <Link to="/pass/upgrade" className="btn btn-primary">
        {t('upgradeLink')}
      </Link>
    </section>
  );
}
