import { MIN_PASSWORD_SCORE } from '../shared/messages.ts';

export { MIN_PASSWORD_SCORE };

type Zxcvbn = typeof import('zxcvbn');

// zxcvbn is ~400 KB of dictionaries: load it on first use only, so it lands in its own chunk and
// never in the sign-in bundle. One promise is shared by every caller.
let zxcvbnPromise: Promise<Zxcvbn> | null = null;

function loadZxcvbn(): Promise<Zxcvbn> {
  zxcvbnPromise ??= import('zxcvbn').then(
    (module) => module.default,
    (error: unknown) => {
      // A failed chunk load (e.g. offline before precaching) must not poison later attempts.
      zxcvbnPromise = null;
      throw error;
    },
  );
  return zxcvbnPromise;
}

/** Starts loading zxcvbn ahead of need (e.g. when a password field gets focus); errors are ignored. */
export function preloadPasswordStrength(): void {
  loadZxcvbn().catch(() => undefined);
}

/**
 * zxcvbn score 0..4 of a password. `userInputs` (e-mail, names) count as dictionary words, exactly
 * as the server checks them, so a password built from one's own name scores low on both sides.
 */
export async function passwordScore(password: string, userInputs: string[] = []): Promise<number> {
  if (password.length === 0) return 0;
  const zxcvbn = await loadZxcvbn();
  return zxcvbn(
    password,
    userInputs.filter((input) => input.length > 0),
  ).score;
}

/** True when the password reaches the minimum score the server enforces. */
export async function isStrongPassword(password: string, userInputs: string[] = []): Promise<boolean> {
  return (await passwordScore(password, userInputs)) >= MIN_PASSWORD_SCORE;
}
