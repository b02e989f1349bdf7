import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { translate } from '../../i18n/i18n.ts';
import { emailSchema, loginBodySchema, nameSchema, newPasswordSchema } from '../../shared/contracts/user.ts';
import { SINGLE_LINE_MESSAGE } from '../../shared/text.ts';
import {
  authMessageKey,
  EMAIL_INVALID,
  PASSWORD_TOO_LONG,
  PASSWORDS_DIFFER,
  REPEAT_REQUIRED,
  REQUIRED,
  TERMS_REQUIRED,
} from './form-messages.ts';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message;

describe('form messages', () => {
  it('are the contract’s own words', () => {
    expect(firstMessage(emailSchema, 'not an address')).toBe(EMAIL_INVALID);
    expect(firstMessage(nameSchema, ' ')).toBe(REQUIRED);
    expect(firstMessage(loginBodySchema.shape.password, '')).toBe(REQUIRED);
    expect(firstMessage(newPasswordSchema, `Aa1!${'x'.repeat(130)}`)).toBe(PASSWORD_TOO_LONG);
    expect(firstMessage(nameSchema, 'Ada\nLovelace')).toBe(SINGLE_LINE_MESSAGE);
  });

  it('each have an English message that reads exactly as the schema writes it', () => {
    for (const message of [
      PASSWORDS_DIFFER,
      REPEAT_REQUIRED,
      TERMS_REQUIRED,
      EMAIL_INVALID,
      REQUIRED,
      PASSWORD_TOO_LONG,
      SINGLE_LINE_MESSAGE,
    ]) {
      const key = authMessageKey(message);
      expect(key, message).toBeDefined();
      expect(translate('auth', key ?? '')).toBe(message);
    }
    expect(authMessageKey('The server said something else.')).toBeUndefined();
  });
});
