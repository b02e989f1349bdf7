import { z } from 'zod/mini';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { newPinProblem } from './pin.ts';
import { INPUTS, PAPERS } from './settings.ts';

/*
 * The kiosk set-up form's fields and their rules. Its messages are keys of the kiosk catalogue,
 * not of the validation one that useSchemaForm words, so each field has exactly one problem and
 * the form shows that field's key (SETUP_PROBLEMS) when the field has an error.
 */

/** The one problem of each field, a key of the kiosk catalogue. */
export const SETUP_PROBLEMS = {
  listId: 'chooseList',
  pin: 'pinFormat',
  repeat: 'pinMismatch',
} as const satisfies Record<string, MessageKey<'kiosk'>>;

/** Problems of the whole form, shown above its buttons: offline before anything was downloaded, or settings not stored. */
export type SetupFormProblem = Extract<MessageKey<'kiosk'>, 'needsConnection' | 'startFailed'>;

interface PinPair {
  pin?: unknown;
  repeat?: unknown;
}

// Zod skips object refinements once a field has failed: comparing whenever both are strings shows
// the mismatch together with a missing list, as the form always did.
const bothPinsGiven = (payload: { value: unknown }) => {
  const value = payload.value as PinPair | undefined;
  return typeof value?.pin === 'string' && typeof value.repeat === 'string';
};

/** The form for the check-in lists on the device (`listIds`): a list of them, the paper, the input and a new PIN twice. */
export function kioskSetupSchema(listIds: readonly number[]) {
  return z
    .object({
      // The select's value: '' until a list is chosen; an id no longer on the device is no choice.
      listId: z.pipe(
        z.string().check(z.refine((value) => listIds.includes(Number(value)), SETUP_PROBLEMS.listId)),
        z.transform(Number),
      ),
      paper: z.enum(PAPERS),
      input: z.enum(INPUTS),
      pin: z.string().check(z.refine((pin) => newPinProblem(pin, pin) !== 'pinFormat', SETUP_PROBLEMS.pin)),
      repeat: z.string(),
    })
    .check(
      // Only a well-formed PIN is compared (newPinProblem names the format first).
      z.refine(({ pin, repeat }) => newPinProblem(pin, repeat) !== 'pinMismatch', {
        path: ['repeat'],
        message: SETUP_PROBLEMS.repeat,
        when: bothPinsGiven,
      }),
    );
}
export type KioskSetupInput = z.input<ReturnType<typeof kioskSetupSchema>>;
export type KioskSetupValues = z.output<ReturnType<typeof kioskSetupSchema>>;
