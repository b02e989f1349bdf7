import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../shared/contracts/account.ts';

/** The profile namespace's translator (useT('profile')). */
export type ProfileT = (key: MessageKey<'profile'>, values?: Values) => string;

/** The largest picture, in MB, as the messages say it. */
export const AVATAR_MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** The same limits as the server (POST /api/user/avatar): checked before uploading, for a clear message. */
export function avatarFileProblem(file: { type: string; size: number }, t: ProfileT): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return t('avatarWrongType');
  if (file.size === 0) return t('avatarEmpty');
  if (file.size > AVATAR_MAX_BYTES) return t('avatarTooLarge', { max: AVATAR_MAX_MB });
  return null;
}

/** The message for the server's refusal of an upload (413 too large, 415 wrong type, 400 unreadable). */
export function avatarUploadProblem(status: number, t: ProfileT): string | null {
  if (status === 413) return t('avatarTooLarge', { max: AVATAR_MAX_MB });
  if (status === 415) return t('avatarWrongType');
  if (status === 400) return t('avatarUnreadable');
  return null;
}
