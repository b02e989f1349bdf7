import { loadConfig } from '../lib/config.ts';
import { store } from '../lib/store.ts';
import { readToken } from '../lib/token.ts';
import { hostCodeBlocked } from '../shared/registration-rules.ts';
import { type Place, registrationStepDecision } from './guards.ts';

/**
 * The registration flow's guards (each answers where to send the visitor instead, or null). Apart from the guard runtime (session code): an anonymous
 * visitor, the usual registrant, never loads it; only a stored token asks whether the visitor is
 * fully signed in (docs/behaviour.md §6: then they go to /).
 */

type GuestOnly = () => Promise<string | null>;

/** The registration state and notice, loaded with the first registration page only. */
const registrationModules = () =>
  Promise.all([
    import('../features/registration/registration-state.ts'),
    import('../features/registration/registration-notice.ts'),
  ]);

/**
 * docs/behaviour.md §6: a host code whose e-mail is not whitelisted blocks the flow. The code (and the voucher
 * pass it unlocked) is dropped, the eligibility check is due again for the next code, and the
 * landing explains why. Idempotent: both the frame's and the page's guard may call it.
 */
async function dropBlockedHostCode(): Promise<void> {
  const [{ registrationAtom }, { registrationNoticeAtom }] = await registrationModules();
  const state = store.get(registrationAtom);
  if (!hostCodeBlocked(state)) return;
  store.set(registrationAtom, {
    voucherCode: null,
    pass: state.pass?.kind === 'voucher' ? null : state.pass,
    eligibilityCheckComplete: false,
  });
  store.set(registrationNoticeAtom, { kind: 'host-code-not-invited', code: state.voucherCode?.code ?? '' });
}

/** The registration frame: signed-in users go to /; the event name and dates; a blocked host code is dropped. */
export async function registrationGuard(guestOnly: GuestOnly): Promise<string | null> {
  const [decision] = await Promise.all([readToken() ? guestOnly() : null, loadConfig(), dropBlockedHostCode()]);
  return decision;
}

/** Registration pages after the landing: their prerequisites, else /registration keeping the query. */
export async function registrationStepGuard(place: Place): Promise<string | null> {
  // The side panel's step list (not on the landing): fetched alongside the page.
  void import('./layouts/registration-steps-list.tsx');
  const [{ registrationAtom }] = await registrationModules();
  const decision = registrationStepDecision(place, store.get(registrationAtom));
  await dropBlockedHostCode();
  return decision.type === 'allow' ? null : decision.to;
}
