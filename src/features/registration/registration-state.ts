import { atom } from 'jotai';
import { z } from 'zod/mini';
import { addressSchema } from '../../shared/contracts/catalog.ts';
import { orderSchema } from '../../shared/contracts/registration.ts';

/**
 * The registration flow's client state (docs/behaviour.md §3 "Registration state"), persisted in localStorage so
 * a reload (or the trip to the payment page) loses nothing. Read back through zod: a row written by
 * an older version that no longer fits is dropped instead of breaking the flow.
 */
export const registrationStateSchema = z.object({
  pass: z.nullable(z.object({ id: z.int(), name: z.string(), kind: z.string(), price: z.int(), isFree: z.boolean() })),
  voucherCode: z.nullable(z.object({ code: z.string(), codeType: z.nullable(z.string()), valid: z.boolean() })),
  /** The free Standard Pass held at the Pass step (POST /api/pass/free-claim); states stored before it read as null. */
  freeClaim: z._default(z.nullable(z.object({ token: z.string(), expiresAt: z.string() })), null),
  /** The chosen room, or null; `noHotel` records an explicit 'No hotel'. */
  hotel: z.nullable(
    z.object({
      accommodationId: z.int(),
      roomId: z.int(),
      name: z.string(),
      roomName: z.string(),
      start: z.string(),
      end: z.string(),
      nights: z.int(),
      pricePerNight: z.int(),
    }),
  ),
  noHotel: z.boolean(),
  email: z.string(),
  isWhitelisted: z.boolean(),
  isBlacklisted: z.boolean(),
  eligibilityCheckComplete: z.boolean(),
  hasFilledOutUserData: z.boolean(),
  grayListedEmailProvider: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.nullable(addressSchema),
  /** Set once POST /api/registration/account succeeded. */
  account: z.nullable(z.object({ uuid: z.string(), registrationToken: z.string(), passStatus: z.enum(['pending', 'approved']) })),
  surveyCompleted: z.boolean(),
  order: z.nullable(orderSchema),
  finished: z.boolean(),
});
export type RegistrationState = z.infer<typeof registrationStateSchema>;

export const EMPTY_REGISTRATION: RegistrationState = {
  pass: null,
  voucherCode: null,
  freeClaim: null,
  hotel: null,
  noHotel: false,
  email: '',
  isWhitelisted: false,
  isBlacklisted: false,
  eligibilityCheckComplete: false,
  hasFilledOutUserData: false,
  grayListedEmailProvider: false,
  firstName: '',
  lastName: '',
  address: null,
  account: null,
  surveyCompleted: false,
  order: null,
  finished: false,
};

const STORAGE_KEY = 'registration';

export function readStoredRegistration(): RegistrationState {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return EMPTY_REGISTRATION;
    const stored: unknown = JSON.parse(raw);
    const parsed = z.safeParse(registrationStateSchema, stored);
    if (parsed.success) return parsed.data;
    // An order saved by an older app (before VAT per rate) is priced again at checkout;
    // the rest of the registration is kept.
    const withoutOrder = z.safeParse(registrationStateSchema, { ...(stored as object), order: null });
    return withoutOrder.success ? withoutOrder.data : EMPTY_REGISTRATION;
  } catch {
    return EMPTY_REGISTRATION;
  }
}

function store(state: RegistrationState) {
  try {
    if (state === EMPTY_REGISTRATION) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: the flow still works for this page's lifetime
  }
}

const baseAtom = atom<RegistrationState>(readStoredRegistration());

/** Read the state; write a partial update (merged and persisted). */
export const registrationAtom = atom(
  (get) => get(baseAtom),
  (get, set, update: Partial<RegistrationState>) => {
    const next = { ...get(baseAtom), ...update };
    set(baseAtom, next);
    store(next);
  },
);

/** docs/behaviour.md §4 "Registration reset clears everything". */
export const resetRegistrationAtom = atom(null, (_get, set) => {
  set(baseAtom, EMPTY_REGISTRATION);
  store(EMPTY_REGISTRATION);
});
