import type messages from '../locales/en/validation.json';

/**
 * Validation messages as codes. The shared contracts and rules never write a sentence:
 * a check names its message by a key of the `validation` catalogue (src/locales/<language>/validation.json),
 * and the limits it checked travel with the issue. The app (src/i18n/validation.ts) and the server
 * (server/plugins/errors.ts) word the same key in the reader's language with `describeIssue`, so
 * one table of texts serves the forms, the API's problem details and both languages.
 */

export type ValidationKey = keyof typeof messages & string;
export type ValidationValues = Record<string, string | number>;

/** A validation message: its key and the values it names (a limit, a count). */
export interface ValidationProblem {
  key: ValidationKey;
  values?: ValidationValues;
}

/** A check's message, typed: `z.email({ error: says('emailInvalid') })`. */
export const says = (key: ValidationKey): ValidationKey => key;

/** The fields of a zod issue this module reads (as zod raises it, or as the server's validator passes it on). */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: string;
  format?: string;
  expected?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  keys?: readonly string[];
  params?: Record<string, unknown>;
}

const asNumber = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);

/** The values an issue can give its message: the limits it checked and a custom check's params. */
function valuesOf(issue: IssueLike): ValidationValues {
  const values: ValidationValues = {};
  const minimum = asNumber(issue.minimum);
  const maximum = asNumber(issue.maximum);
  if (typeof minimum === 'number') values.minimum = minimum;
  if (typeof maximum === 'number') values.maximum = maximum;
  if (issue.expected) values.expected = issue.expected;
  if (issue.keys) values.keys = issue.keys.join(', ');
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  return values;
}

const isText = (origin: string | undefined) => origin === 'string';
const isCount = (origin: string | undefined) => origin === 'array' || origin === 'set';

/** The message of an issue nobody named: worded from what was checked. */
function keyOfCheck(issue: IssueLike): ValidationKey {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'wholeNumber' : 'invalidType';
    case 'too_small':
      if (isText(issue.origin)) return Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
      if (isCount(issue.origin)) return 'tooFewItems';
      return issue.inclusive === false ? 'numberAbove' : 'numberTooSmall';
    case 'too_big':
      if (isText(issue.origin)) return 'tooLong';
      if (isCount(issue.origin)) return 'tooManyItems';
      return issue.inclusive === false ? 'numberBelow' : 'numberTooBig';
    case 'invalid_format':
      if (issue.format === 'email') return 'emailInvalid';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'idInvalid';
      if (issue.format === 'datetime') return 'dateTimeWithOffset';
      if (issue.format === 'date') return 'dateInvalid';
      return 'formatInvalid';
    case 'invalid_value':
      return 'chooseOption';
    case 'unrecognized_keys':
      return 'unknownFields';
    default:
      return 'invalidInput';
  }
}

/**
 * The message of an issue: the key its check named (`isKey` tells a key from zod's own English
 * default), else one worded from the check, with the values either may name.
 */
export function describeIssue(issue: IssueLike, isKey: (text: string) => boolean): ValidationProblem {
  const named = issue.message !== undefined && isKey(issue.message);
  return { key: named ? (issue.message as ValidationKey) : keyOfCheck(issue), values: valuesOf(issue) };
}
