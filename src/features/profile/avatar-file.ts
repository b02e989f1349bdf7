import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../shared/contracts/account.ts';

export const AVATAR_MESSAGES = {
  type: 'Please choose a JPEG, PNG or WebP picture.',
  tooLarge: `This picture is too large. Please choose one of at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB.`,
  empty: 'This file is empty. Please choose another picture.',
  unreadable: 'This picture could not be read. Please choose another one.',
} as const;

/** The same limits as the server (POST /api/user/avatar): checked before uploading, for a clear message. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_MESSAGES.type;
  if (file.size === 0) return AVATAR_MESSAGES.empty;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_MESSAGES.tooLarge;
  return null;
}

/** The message for the server's refusal of an upload (413 too large, 415 wrong type, 400 unreadable). */
export function avatarUploadProblem(status: number): string | null {
  if (status === 413) return AVATAR_MESSAGES.tooLarge;
  if (status === 415) return AVATAR_MESSAGES.type;
  if (status === 400) return AVATAR_MESSAGES.unreadable;
  return null;
}
