import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { translate } from '../../i18n/i18n.ts';
import { kioskSetupSchema } from './setup-schema.ts';

const schema = kioskSetupSchema([3, 7]);
const valid = { listId: '7', paper: 'a6', input: 'camera', pin: '4711', repeat: '4711' };

/** Each field's first problem, as the kiosk catalogue words it (English in tests). */
function problems(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of z.safeParse(schema, value).error?.issues ?? []) {
    out[issue.path.join('.')] ??= translate('kiosk', issue.message);
  }
  return out;
}

describe('kiosk set-up form', () => {
  it('takes a list on the device, a paper, an input and a PIN typed twice', () => {
    expect(z.parse(schema, valid)).toEqual({ ...valid, listId: 7 });
    expect(z.parse(schema, { ...valid, paper: 'label-4x3', input: 'keyboard', pin: '12345678', repeat: '12345678' })).toEqual({
      listId: 7,
      paper: 'label-4x3',
      input: 'keyboard',
      pin: '12345678',
      repeat: '12345678',
    });
  });

  it('asks for a list when none is chosen or the chosen one is no longer on the device', () => {
    expect(problems({ ...valid, listId: '' })).toEqual({ listId: 'Choose the check-in list.' });
    expect(problems({ ...valid, listId: '5' })).toEqual({ listId: 'Choose the check-in list.' });
    expect(problems({ ...valid, listId: 'x' })).toEqual({ listId: 'Choose the check-in list.' });
    expect(z.safeParse(kioskSetupSchema([]), valid).success).toBe(false);
  });

  it('asks for 4 to 8 digits, and compares only a well-formed PIN', () => {
    for (const pin of ['', '123', '123456789', '12a4', ' 1234']) {
      expect(problems({ ...valid, pin, repeat: pin })).toEqual({ pin: 'Enter 4 to 8 digits.' });
    }
    expect(problems({ ...valid, pin: '12', repeat: '4711' })).toEqual({ pin: 'Enter 4 to 8 digits.' });
  });

  it('says when the repeated PIN differs, together with a missing list', () => {
    expect(problems({ ...valid, repeat: '4712' })).toEqual({ repeat: 'The two PINs differ.' });
    expect(problems({ ...valid, repeat: '' })).toEqual({ repeat: 'The two PINs differ.' });
    expect(problems({ ...valid, listId: '', repeat: '4712' })).toEqual({
      listId: 'Choose the check-in list.',
      repeat: 'The two PINs differ.',
    });
  });
});
