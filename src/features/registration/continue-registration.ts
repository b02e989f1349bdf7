import type { useStore } from 'jotai';
import { api } from '../../lib/api.ts';
import { registrationRestoreSchema } from '../../shared/contracts/registration.ts';
import type { ConfirmResponse } from '../../shared/contracts/user.ts';
import { EMPTY_REGISTRATION, type RegistrationState, registrationAtom } from './registration-state.ts';

type Store = ReturnType<typeof useStore>;

/**
 * What the server knows of the registration. Here rather than in registration-api.ts: the
 * confirmation page (auth) loads this module, and should not pull in the flow's other calls.
 */
const fetchRegistrationState = (token: string) => api('/api/registration/state', registrationRestoreSchema, { token });
type Session = NonNullable<ConfirmResponse['registration']>;

/**
 * The registration goes on from its confirmation link ("confirm first"): the session the
 * confirmation answered becomes the flow's account. In the browser that registered, the local state
 * (pass, hotel, voucher) is kept and the flow goes on with the survey; elsewhere (another device, or
 * another registration's leftovers) the state is rebuilt from what the server knows and the hotel,
 * which only the device knew, is asked again. Answers where to go next.
 */
export async function continueRegistration(store: Store, session: Session): Promise<string> {
  const local = store.get(registrationAtom);
  // Without an answer (offline) the local state is all there is: the survey and checkout need only the account.
  const server = await fetchRegistrationState(session.registrationToken).catch(() => null);
  const same = server === null || (local.pass !== null && local.email === server.email && local.pass.id === server.pass?.id);
  if (same) {
    store.set(registrationAtom, { account: session, order: null, finished: false });
    return local.surveyCompleted ? '/registration/checkout' : '/registration/survey';
  }
  const restored: RegistrationState = {
    ...EMPTY_REGISTRATION,
    pass: server.pass,
    email: server.email,
    firstName: server.firstName,
    lastName: server.lastName,
    address: server.address,
    hasFilledOutUserData: true,
    account: session,
  };
  store.set(registrationAtom, restored);
  return server.pass ? '/registration/hotel' : '/registration/survey';
}
