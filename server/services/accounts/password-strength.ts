import { MIN_PASSWORD_SCORE } from '#shared/messages.ts';
import { fieldProblem } from '../../plugins/errors.ts';

/** Server-side twin of the client's strength check: the same library and minimum score. */
// zxcvbn's dictionaries take ~60 ms to load: on the first password check, not at server start.
const loadZxcvbn = () => import('zxcvbn').then((m) => m.default);

export async function assertStrongPassword(password: string, userInputs: string[] = []): Promise<void> {
  const zxcvbn = await loadZxcvbn();
  // zxcvbn's cost grows with length; the schema already caps passwords at 128 characters.
  if (zxcvbn(password, userInputs).score < MIN_PASSWORD_SCORE) {
    throw fieldProblem('password', { validation: { key: 'passwordTooWeak' } });
  }
}
