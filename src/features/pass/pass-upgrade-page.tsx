import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PurchaseOptions, useOrderStep } from '../../components/ui/purchase-options.tsx';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { formatEuro } from '../../lib/money.ts';
import { purchaseErrorMessage } from '../../lib/purchase.ts';
import { passAtom } from '../../lib/session.ts';
import { usePaymentReturn } from '../../lib/use-payment-return.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { Pass, PassType } from '../../shared/contracts/catalog.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { fetchPass, fetchPurchasableTypes, orderPassType, UPGRADE_REDIRECTS } from './pass-api.ts';
import './pass.css';

/**
 * /pass/upgrade: the paid upgrades of the current pass type, or the paid passes for a signed-in
 * user without a pass (docs/behaviour.md §6: vendors may enter without one). Choosing one creates an order on
 * the server (POST /api/pass/upgrade), which is shown with net, VAT and total before the user
 * leaves for the payment provider. A failed or cancelled payment comes back here with
 * `?payment=failed&session=<id>` and the same order can be paid again.
 */
export function PassUpgradePage() {
  const t = useT('pass');
  const pass = useAtomValue(passAtom);
  const [search] = useSearchParams();
  const failedPayment = search.get('payment') === 'failed';
  const payment = usePaymentReturn(failedPayment ? search.get('session') : null);
  const title = pass ? t('upgradeTitle') : t('getPass');

  if (pass && pass.status !== 'approved') {
    return (
      <div className="pass-page">
        <PageHeader title={title} />
        <EmptyState icon="pass" title={t('upgradeNeedsApproval')} action={<BackToPass />}>
          {pass.status === 'pending' ? t('upgradePending') : t('upgradeImpossible')}
        </EmptyState>
      </div>
    );
  }

  // An order the provider sent back unpaid is offered again as it was.
  const retryOrder = payment.kind === 'failed' || payment.kind === 'open' ? payment.order : null;

  return (
    <div className="pass-page">
      <PageHeader title={title} lead={pass ? t('upgradeLead', { passType: pass.passType.name }) : t('buyLead')} />
      {failedPayment ? (
        <Notice tone="danger" role="alert">
          <strong>{t('paymentNotSuccessful')}</strong> {t('nothingCharged')}
        </Notice>
      ) : null}
      {payment.kind === 'succeeded' ? (
        <Notice tone="success">
          <Text ns="pass" k="orderAlreadyPaid" components={{ link: <Link to="/pass" /> }} />
        </Notice>
      ) : (
        <UpgradeChoice key={retryOrder?.id ?? 'new'} pass={pass} retryOrder={retryOrder} />
      )}
    </div>
  );
}

function BackToPass() {
  const t = useT('pass');
  return (
    <Link to="/pass" className="btn btn-secondary">
      {t('backToPass')}
    </Link>
  );
}

interface UpgradeChoiceProps {
  pass: Pass | null;
  /** An unpaid order to offer again after a failed payment. */
  retryOrder: Order | null;
}

/** Step 1 lists what can be bought; step 2 shows the server's order and hands over to the provider. */
function UpgradeChoice({ pass, retryOrder }: UpgradeChoiceProps) {
  const t = useT('pass');
  const language = useLanguage();
  const types = useRequest((signal) => fetchPurchasableTypes(pass, signal), [pass?.id, pass?.passType.id]);
  const { order, setOrder, problem, setProblem, back } = useOrderStep(retryOrder);
  const [ordering, setOrdering] = useState<number | null>(null);
  const setPass = useSetAtom(passAtom);
  const navigate = useNavigate();

  const choose = async (type: PassType) => {
    setOrdering(type.id);
    setProblem(null);
    try {
      const created = await orderPassType(type.id);
      if (created.status === 'open') {
        setOrder(created);
        return;
      }
      // Nothing to pay (a free or already paid order): the pass has changed on the server already.
      const fresh = await fetchPass().catch(() => null);
      if (fresh) setPass(fresh);
      navigate('/pass');
    } catch (error) {
      setProblem(purchaseErrorMessage(error));
    } finally {
      setOrdering(null);
    }
  };

  return (
    <PurchaseOptions
      options={types}
      order={order}
      redirects={UPGRADE_REDIRECTS}
      hint={t('checkoutHint')}
      backLabel={t('chooseAnother')}
      onBack={back}
      loading={t('optionsLoading')}
      retryLabel={t('tryAgain')}
      empty={
        <EmptyState icon="pass" title={pass ? t('noUpgradeTitle') : t('noPassesTitle')} action={<BackToPass />}>
          {pass ? t('noUpgradeText', { passType: pass.passType.name }) : t('noPassesText')}
        </EmptyState>
      }
    >
      {(list) => (
        <div className="stack">
          {problem ? <Notice tone="danger">{problem}</Notice> : null}
          <ul className="pass-types" aria-label={pass ? t('availableUpgrades') : t('availablePasses')}>
            {list.map((type) => (
              <li key={type.id}>
                <article className="card pass-type" aria-labelledby={`pass-type-${type.id}`}>
                  <h2 id={`pass-type-${type.id}`} className="pass-type__name">
                    {type.name}
                  </h2>
                  <p className="pass-type__price">
                    <span className="pass-type__amount">{formatEuro(type.price, language)}</span>
                    <span className="pass-type__vat">{t('plusVat')}</span>
                  </p>
                  <p className="pass-type__description">{type.description}</p>
                  <button
                    type="button"
                    className="btn btn-primary btn-block"
                    onClick={() => void choose(type)}
                    disabled={ordering !== null}
                    aria-busy={ordering === type.id || undefined}
                  >
                    {ordering === type.id ? t('preparingOrder') : t('choosePassType', { passType: type.name })}
                  </button>
                </article>
              </li>
            ))}
          </ul>
        </div>
      )}
    </PurchaseOptions>
  );
}
