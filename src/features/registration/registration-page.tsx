import { useAtom, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { freePassAvailability } from '../../shared/availability.ts';
import type { PassType } from '../../shared/contracts/catalog.ts';
import type { VoucherCheck } from '../../shared/contracts/registration.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { useTakenPasses } from './free-pass-availability.tsx';
import { PassCard, type PassCardAction } from './pass-card.tsx';
import { claimFreePass, fetchPassCatalogue } from './pass-step-api.ts';
import {
  choosePassUpdate,
  FREE_PASS_CODE,
  isLocked,
  passSummary,
  type RegistrationVoucher,
  voucherOutcome,
} from './pass-selection.ts';
import { noticeText, registrationNoticeAtom } from './registration-notice.ts';
import { type RegistrationState, registrationAtom, resetRegistrationAtom } from './registration-state.ts';
import { useRequest } from '../../lib/use-request.ts';
import { VOUCHER_EXPIRED, VOUCHER_INVALID, VoucherForm } from './voucher-form.tsx';
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
): Promise<{ freeClaim: RegistrationState['freeClaim'] } | { error: string }> {
  if (!type.isFree) return { freeClaim: null };
  if (current && Date.parse(current.expiresAt) - Date.now() > CLAIM_REUSE_MARGIN_MS) return { freeClaim: current };
  try {
    const claim = await claimFreePass();
    return { freeClaim: { token: claim.claimToken, expiresAt: claim.expiresAt } };
  } catch (error) {
    return { error: error instanceof ApiError && error.status === 409 ? MESSAGES.freePassesGone : errorMessage(error) };
  }
}

interface AppliedCode {
  voucher: RegistrationVoucher;
  passType: Pick<PassType, 'id' | 'name'>;
}

/**
 * /registration: the Pass step ('choose your pass type', SPEC §2). Paid and voucher pass types as
 * cards; a voucher or discount code checked by the server unlocks or selects its pass (CF26 the
 * free Standard Pass). Choosing a pass stores it (and its code) and goes on to the hotel step.
 * The side panel (layout) carries the countdown, the free-pass availability and the offer.
 */
export function RegistrationPage() {
  const [registration, update] = useAtom(registrationAtom);
  const reset = useSetAtom(resetRegistrationAtom);
  const [notice, setNotice] = useAtom(registrationNoticeAtom);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const catalogue = useRequest((signal) => fetchPassCatalogue(signal), []);
  const freeGone = freePassAvailability(useTakenPasses())?.level === 'gone';
  const voucherInput = useRef<HTMLInputElement>(null);
  const [claimError, setClaimError] = useState<string | null>(null);
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

  async function onChecked(check: VoucherCheck): Promise<string | null> {
    const outcome = voucherOutcome(check, paid);
    if (outcome.kind === 'invalid') return outcome.known ? VOUCHER_EXPIRED(outcome.code) : VOUCHER_INVALID(outcome.code);
    if (outcome.passType.isFree && freeGone) return MESSAGES.freePassesGone;
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
    if (locked) return { kind: 'unavailable', label: registration.pass?.id === type.id ? 'Chosen' : 'Not available' };
    if (type.isFree && freeGone) return { kind: 'unavailable', label: 'All gone' };
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
      <PageHeader
        title="Choose your pass type"
        documentTitle="Registration"
        lead="Pick the pass that suits you. Have a voucher or discount code? Enter it first and we apply it for you."
      />

      {notice ? (
        <div className="alert alert-warning pass-step__notice" role="alert">
          <p>{noticeText(notice)}</p>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      ) : null}

      {claimError ? (
        <div className="alert alert-danger pass-step__notice" role="alert">
          <p>{claimError}</p>
        </div>
      ) : null}

      {locked ? <AccountExistsNotice onReset={reset} /> : null}

      {catalogue.status === 'loading' ? <PassSkeleton /> : null}

      {catalogue.status === 'error' ? (
        <div className="alert alert-danger pass-step__error" role="alert">
          <p>We could not load the passes. {errorMessage(catalogue.error)}</p>
          <button type="button" className="btn btn-sm" onClick={catalogue.retry}>
            Try again
          </button>
        </div>
      ) : null}

      {catalogue.status === 'ready' ? (
        <>
          {locked ? null : (
            <section className="card pass-step__voucher" aria-label="Voucher code">
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
                  Registering for free? Use the discount code <strong>{FREE_PASS_CODE}</strong> for your free Standard Pass.
                </p>
              )}
            </section>
          )}

          <section className="pass-step__section" aria-labelledby="passes-title">
            <h2 id="passes-title" className="pass-step__section-title">
              Conference passes
            </h2>
            <ul className="pass-step__grid">{paid.map(card)}</ul>
          </section>

          {vouchers.length > 0 ? (
            <section className="pass-step__section" aria-labelledby="invitation-passes-title">
              <h2 id="invitation-passes-title" className="pass-step__section-title">
                Invitation passes
              </h2>
              <p className="pass-step__section-lead">
                For hosts' guests, speakers, press and partners: enter the code from your invitation above.
              </p>
              <ul className="pass-step__grid">{vouchers.map(card)}</ul>
            </section>
          ) : null}

          {/* The way on for a pass chosen earlier; a freshly applied code has its own button above. */}
          {registration.pass && !locked && applied?.passType.id !== registration.pass.id ? (
            <section className="pass-step__selection" aria-label="Your pass">
              <p>
                <span className="pass-step__selection-label">Your choice</span>
                <strong>{passSummary(registration)}</strong>
              </p>
              <Link to="/registration/hotel" className="btn btn-primary">
                Continue
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
  const host = applied.voucher.codeType === 'host';
  return (
    <div className="alert alert-success pass-step__applied" role="status">
      <p>
        Code <strong>{applied.voucher.code}</strong> selects the <strong>{applied.passType.name}</strong>.
        {host ? ' Host passes are for invited guests: register with the e-mail address your invitation was sent to.' : ''}
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={onContinue}>
        Continue with {applied.passType.name}
      </button>
    </div>
  );
}

function AccountExistsNotice({ onReset }: { onReset: () => void }) {
  const [registration] = useAtom(registrationAtom);
  const done = registration.finished || registration.order?.status === 'paid' || registration.order?.status === 'free';
  const next = registration.surveyCompleted ? '/registration/checkout' : '/registration/survey';
  return (
    <div className="alert pass-step__account" role="status">
      <p>
        {done
          ? 'Your registration is complete.'
          : `Your account is created with the ${registration.pass?.name ?? 'chosen pass'}. Continue where you left off.`}
      </p>
      <div className="pass-step__account-actions">
        {done ? null : (
          <Link to={next} className="btn btn-primary btn-sm">
            Continue registration
          </Link>
        )}
        <button type="button" className="btn btn-sm" onClick={onReset}>
          Start a new registration
        </button>
      </div>
    </div>
  );
}

function PassSkeleton() {
  return (
    <div className="pass-step__skeleton" role="status" aria-label="Loading passes">
      <div className="pass-step__skeleton-bar" />
      <div className="pass-step__grid">
        <div className="pass-card is-skeleton" />
        <div className="pass-card is-skeleton" />
        <div className="pass-card is-skeleton" />
      </div>
    </div>
  );
}
