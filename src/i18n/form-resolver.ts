import { toNestErrors } from '@hookform/resolvers';
import { useEffect, useMemo, useRef } from 'react';
import { type FieldError, type FieldValues, type Path, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import type { ValidationKey } from '../shared/validation.ts';
import { useLanguage } from './use-t.ts';
import { problemOf, useValidationText } from './validation-text.ts';

/** A react-hook-form resolver for a zod schema whose messages are worded in the active language (validation-text.ts). */
export function useSchemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodMiniType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const word = useValidationText();
  return useMemo<Resolver<Input, unknown, Output>>(
    () => async (values, _context, options) => {
      const result = await z.safeParseAsync(schema, values);
      if (result.success) return { values: result.data, errors: {} };
      const errors: Record<string, FieldError> = {};
      for (const issue of result.error.issues) {
        // A field's first problem is the one to fix first (required before format).
        errors[issue.path.join('.')] ??= { type: issue.code, message: word(issue) };
      }
      return { values: {}, errors: toNestErrors(errors, options) };
    },
    [schema, word],
  );
}

/**
 * `useForm` validated by a shared schema. When the language changes, the fields showing the
 * schema's messages are checked again so their words follow; the server's (type 'server') stay.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodMiniType<Output, Input>,
  props: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  const resolver = useSchemaResolver(schema);
  const form = useForm<Input, unknown, Output>({ ...props, resolver });
  const language = useLanguage();
  const shownIn = useRef(language);
  const { trigger, getFieldState, formState } = form;
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    const names = Object.keys(formState.errors) as Path<Input>[];
    const own = names.filter((name) => getFieldState(name).error?.type !== 'server');
    if (own.length > 0) void trigger(own);
  }, [language, trigger, getFieldState, formState.errors]);
  return form;
}

/**
 * The schema of a form whose fields hold texts (numbers, venue times as typed) for a request that
 * holds values: `toRequest` turns the fields into the request's body and may name problems of its
 * own (`problem(field, key)`, e.g. a time that is no time); `request` then checks the body. Every
 * problem lands on the field of the same name, the form's own first.
 */
export function requestFormSchema<Fields extends FieldValues, Output>(
  fields: z.ZodMiniType<Fields, Fields>,
  request: z.ZodMiniType<Output>,
  toRequest: (values: Fields, problem: (field: Path<Fields>, key: ValidationKey) => void) => unknown,
) {
  return z.pipe(
    fields,
    z.transform((values: Fields, ctx): Output => {
      let failed = false;
      const body = toRequest(values, (field, key) => {
        failed = true;
        ctx.issues.push({ code: 'custom', message: key, path: [field], input: values });
      });
      const parsed = z.safeParse(request, body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          // Passed on by its key and values, so it is worded as the request's schema words it.
          const { key, values: params } = problemOf(issue);
          ctx.issues.push({ code: 'custom', message: key, params, path: issue.path, input: body });
        }
      }
      return parsed.success && !failed ? parsed.data : z.NEVER;
    }),
  );
}
