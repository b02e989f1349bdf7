import { useAtom, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { useRequest } from '../../lib/use-request.ts';
import { freePassAvailability } from '../../shared/availability.ts';
import type { PassType } from '../../shared/contracts/catalog.ts';
import type { VoucherCheck } from '../../shared/contracts/registration.ts';
import { useTakenPasses } from './free-pass-availability.tsx';
import { PassCard, type PassCardAction } from './pass-card.tsx';
import {
  choosePassUpdate,
  FREE_PASS_CODE,
  isLocked,
  passSummary,
  type RegistrationVoucher,
  voucherOutcome,
} from './pass-selection.ts';
import { claimFreePass, fetchPassCatalogue } from './pass-step-api.ts';
import { noticeText, registrationNoticeAtom } from './registration-notice.ts';
import { type RegistrationState, registrationAtom, resetRegistrationAtom } from './registration-state.ts';
import { VoucherForm, type VoucherProblem, voucherProblemText } from './voucher-form.tsx';
import './pass-step.css';

/** A hold that still has a minute left is reused instead of taking another free pass. */
const CLAIM_REUSE_MARGIN_MS = 60_000;

/**
 * The free Standard Pass is held on the server when it is chosen (POST /api/pass/free-claim); the
 * account step binds the hold to the account, and confirming the address makes it the pass.
 * Answers the state's `freeClaim` for `type` (null for other passes: their hold is dropped and runs
 * out on the server), or the error to show.
 */
async function freeClaimFor(
  type: Pick<PassType, 'isFree'>,
  current: RegistrationState['freeClaim'],
): Promise<{ freeClaim: RegistrationState['freeClaim'] } | { error: VoucherProblem }> {
  if (!type.isFree) return { freeClaim: null };
  if (current && Date.parse(current.expiresAt) - Date.now() > CLAIM_REUSE_MARGIN_MS) return { freeClaim: current };
  try {
    const claim = await claimFreePass();
    return { freeClaim: { token: claim.claimToken, expiresAt: claim.expiresAt } };
  } catch (error) {
    return {
      error:
        error instanceof ApiError && error.status === 409
          ? { kind: 'freePassesGone' }
          : { kind: 'message', message: errorMessage(error) },
    };
  }
}

interface AppliedCode {
  voucher: RegistrationVoucher;
  passType: Pick<PassType, 'id' | 'name'>;
}

/**
 * /registration: the Pass step ('choose your pass type', docs/behaviour.md §2). Paid and voucher pass types as
 * cards; a voucher or discount code checked by the server unlocks or selects its pass (CF26 the
 * free Standard Pass). Choosing a pass stores it (and its code) and goes on to the hotel step.
 * The side panel (layout) carries the countdown, the free-pass availability and the offer.
 */
export function RegistrationPage() {
  const t = useT('registration');
  const tCommon = useT('common');
  const [registration, update] = useAtom(registrationAtom);
  const reset = useSetAtom(resetRegistrationAtom);
  const [notice, setNotice] = useAtom(registrationNoticeAtom);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const catalogue = useRequest((signal) => fetchPassCatalogue(signal), []);
  const freeGone = freePassAvailability(useTakenPasses())?.level === 'gone';
  const voucherInput = useRef<HTMLInputElement>(null);
  const [claimError, setClaimError] = useState<VoucherProblem | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [applied, setApplied] = useState<AppliedCode | null>(() =>
    registration.pass && registration.voucherCode ? { voucher: registration.voucherCode, passType: registration.pass } : null,
  );

  const locked = registration.account !== null;
  const paid = catalogue.data?.paid ?? [];
  const vouchers = catalogue.data?.voucher ?? [];
  // ?voucher=CODE (links, the side panel's 'Use code CF26') fills in and applies the code.
  const codeParam = params.get('voucher')?.trim() ?? '';

  async function choose(type: PassType) {
    if (claiming) return;
    setClaimError(null);
    setClaiming(true);
    const claim = await freeClaimFor(type, registration.freeClaim);
    setClaiming(false);
    if ('error' in claim) {
      setClaimError(claim.error);
      return;
    }
    const code = applied ? { voucher: applied.voucher, passTypeId: applied.passType.id } : null;
    update({ ...choosePassUpdate(registration, type, code), freeClaim: claim.freeClaim });
    setNotice(null);
    navigate('/registration/hotel');
  }

  async function onChecked(check: VoucherCheck): Promise<VoucherProblem | null> {
    const outcome = voucherOutcome(check, paid);
    if (outcome.kind === 'invalid') return { kind: outcome.known ? 'expired' : 'invalid', code: outcome.code };
    if (outcome.passType.isFree && freeGone) return { kind: 'freePassesGone' };
    // A valid code selects its pass (the registration keeps both) unless the account already exists.
    if (!locked) {
      const claim = await freeClaimFor(outcome.passType, registration.freeClaim);
      if ('error' in claim) return claim.error;
      update({
        ...choosePassUpdate(registration, outcome.passType, { voucher: outcome.voucher, passTypeId: outcome.passType.id }),
        freeClaim: claim.freeClaim,
      });
    }
    setApplied({ voucher: outcome.voucher, passType: outcome.passType });
    setClaimError(null);
    setNotice(null);
    return null;
  }

  function onCleared() {
    setApplied(null);
    if (locked || !registration.voucherCode) return;
    update({
      voucherCode: null,
      pass: registration.pass?.kind === 'voucher' ? null : registration.pass,
      eligibilityCheckComplete: false,
    });
  }

  function actionFor(type: PassType): PassCardAction {
    if (locked)
      return { kind: 'unavailable', label: registration.pass?.id === type.id ? t('passChosen') : t('passNotAvailable') };
    if (type.isFree && freeGone) return { kind: 'unavailable', label: t('passAllGone') };
    if (isLocked(type, applied?.passType.id ?? null)) {
      return { kind: 'locked', onUnlock: () => voucherInput.current?.focus() };
    }
    return { kind: 'choose', onChoose: () => void choose(type) };
  }

  const card = (type: PassType) => (
    <li key={type.id}>
      <PassCard
        type={type}
        action={actionFor(type)}
        selected={registration.pass?.id === type.id}
        appliedCode={applied?.passType.id === type.id ? applied.voucher.code : null}
      />
    </li>
  );

  return (
    <div className="pass-step">
      <PageHeader title={t('passStepTitle')} documentTitle={t('registrationDocumentTitle')} lead={t('passStepLead')} />

      {notice ? (
        <div className="alert alert-warning pass-step__notice" role="alert">
          <p>{noticeText(notice, t)}</p>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setNotice(null)}>
            {t('dismiss')}
          </button>
        </div>
      ) : null}

      {claimError ? (
        <div className="alert alert-danger pass-step__notice" role="alert">
          <p>{voucherProblemText(claimError, t, tCommon)}</p>
        </div>
      ) : null}

      {locked ? <AccountExistsNotice onReset={reset} /> : null}

      {catalogue.status === 'loading' ? <PassSkeleton /> : null}

      {catalogue.status === 'error' ? (
        <div className="alert alert-danger pass-step__error" role="alert">
          <p>{t('passesFailed', { reason: errorMessage(catalogue.error) })}</p>
          <button type="button" className="btn btn-sm" onClick={catalogue.retry}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}

      {catalogue.status === 'ready' ? (
        <>
          {locked ? null : (
            <section className="card pass-step__voucher" aria-label={t('voucherSectionLabel')}>
              <VoucherForm
                key={codeParam}
                initialCode={codeParam || (applied?.voucher.code ?? '')}
                autoApply={codeParam !== ''}
                appliedCode={applied?.voucher.code ?? null}
                onChecked={onChecked}
                onCleared={onCleared}
                inputRef={voucherInput}
              />
              {applied ? (
                <AppliedCodeNote applied={applied} onContinue={() => navigate('/registration/hotel')} />
              ) : (
                <p className="pass-step__voucher-hint">
                  <Text
                    ns="registration"
                    k="freeRegistrationHint"
                    values={{ code: FREE_PASS_CODE }}
                    components={{ strong: <strong /> }}
                  />
                </p>
              )}
            </section>
          )}

          <section className="pass-step__section" aria-labelledby="passes-title">
            <h2 id="passes-title" className="pass-step__section-title">
              {t('conferencePasses')}
            </h2>
            <ul className="pass-step__grid">{paid.map(card)}</ul>
          </section>

          {vouchers.length > 0 ? (
            <section className="pass-step__section" aria-labelledby="invitation-passes-title">
              <h2 id="invitation-passes-title" className="pass-step__section-title">
                {t('invitationPasses')}
              </h2>
              <p className="pass-step__section-lead">{t('invitationPassesLead')}</p>
              <ul className="pass-step__grid">{vouchers.map(card)}</ul>
            </section>
          ) : null}

          {/* The way on for a pass chosen earlier; a freshly applied code has its own button above. */}
          {registration.pass && !locked && applied?.passType.id !== registration.pass.id ? (
            <section className="pass-step__selection" aria-label={t('yourPass')}>
              <p>
                <span className="pass-step__selection-label">{t('yourChoice')}</span>
                <strong>{passSummary(registration)}</strong>
              </p>
              <Link to="/registration/hotel" className="btn btn-primary">
                {t('continue')}
              </Link>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The applied code and the pass it selects, with the way on. */
function AppliedCodeNote({ applied, onContinue }: { applied: AppliedCode; onContinue: () => void }) {
  const t = useT('registration');
  const host = applied.voucher.codeType === 'host';
  return (
    <div className="alert alert-success pass-step__applied" role="status">
      <p>
        <Text
          ns="registration"
          k={host ? 'codeSelectsHostPass' : 'codeSelectsPass'}
          values={{ code: applied.voucher.code, pass: <>{applied.passType.name}</> }}
          components={{ strong: <strong /> }}
        />
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={onContinue}>
        {t('continueWithPass', { pass: applied.passType.name })}
      </button>
    </div>
  );
}

function AccountExistsNotice({ onReset }: { onReset: () => void }) {
  const t = useT('registration');
  const [registration] = useAtom(registrationAtom);
  const done = registration.finished || registration.order?.status === 'paid' || registration.order?.status === 'free';
  const next = registration.surveyCompleted ? '/registration/checkout' : '/registration/survey';
  return (
    <div className="alert pass-step__account" role="status">
      <p>
        {done
          ? t('registrationComplete')
          : registration.pass
            ? t('accountCreatedWithPass', { pass: registration.pass.name })
            : t('accountCreatedWithChosenPass')}
      </p>
      <div className="pass-step__account-actions">
        {done ? null : (
          <Link to={next} className="btn btn-primary btn-sm">
            {t('continueRegistration')}
          </Link>
        )}
        <button type="button" className="btn btn-sm" onClick={onReset}>
          {t('startNewRegistration')}
        </button>
      </div>
    </div>
  );
}

function PassSkeleton() {
  const t = useT('registration');
  return (
    <div className="pass-step__skeleton" role="status" aria-label={t('loadingPasses')}>
      <div className="pass-step__skeleton-bar" />
      <div className="pass-step__grid">
        <div className="pass-card is-skeleton" />
        <div className="pass-card is-skeleton" />
        <div className="pass-card is-skeleton" />
      </div>
    </div>
  );
}
