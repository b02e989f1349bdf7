import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { says } from '../shared/validation.ts';
import { requestFormSchema } from './form-resolver.ts';
import { validationText } from './validation-text.ts';

const schema = requestFormSchema(
  z.object({ count: z.string(), when: z.string() }),
  z.object({ count: z.int().check(z.gte(1, says('vouchersCountTooSmall'))), when: z.nullable(z.string()) }),
  (values, problem) => {
    if (values.when === 'soon') problem('when', 'dateTimeRequired');
    return { count: Number(values.count), when: values.when || null };
  },
);

const problems = (values: { count: string; when: string }) => {
  const result = z.safeParse(schema, values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), validationText(issue)]);
};

describe('requestFormSchema', () => {
  it('turns the fields into the checked request', () => {
    expect(z.parse(schema, { count: '3', when: '' })).toEqual({ count: 3, when: null });
  });

  it("puts the request's and the form's own problems on their fields", () => {
    expect(problems({ count: '0', when: 'soon' })).toEqual([
      ['when', 'Please enter a date and time.'],
      ['count', validationText({ message: 'vouchersCountTooSmall' })],
    ]);
  });
});
