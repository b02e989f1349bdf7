import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Problem } from '#shared/contracts/common.ts';
import { databaseUnavailableReason } from '../db/connection-errors.ts';
import { requestLanguage } from '../i18n/language.ts';
import {
  englishProblemText,
  issueText,
  localizeProblemText,
  type ProblemKey,
  type ProblemText,
  problemTitle,
} from '../i18n/problems.ts';
import type { Values } from '../i18n/translate.ts';

/** One field's message in a problem: the English text, and its key when it has one (worded in the answer's language). */
export interface FieldProblem {
  path: string;
  message: string;
  text?: ProblemText;
}

/** Throw from a handler to answer with application/problem+json. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    /** The English text: the answer's detail in English, the log's message in any language. */
    readonly detail: string,
    readonly errors?: FieldProblem[],
    readonly headers?: Record<string, string>,
    /** The text by catalogue key, when it has values (a wait in seconds) and so cannot be looked up by its English words. */
    readonly text?: ProblemText,
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

/** A problem whose detail is a catalogue message with values (server/locales/<language>/problems.json). */
export const keyedProblem = (status: number, key: ProblemKey, values: Values, headers?: Record<string, string>) =>
  new HttpProblem(status, englishProblemText({ key, values }), undefined, headers, { key, values });

/** A field's keyed message: the English words, and the key to word it in the answer's language. */
export const keyedField = (path: string, text: ProblemText): FieldProblem => ({ path, message: englishProblemText(text), text });

/**
 * A refused field whose message is keyed: a validation message of the shared rules
 * (`{ validation: problem }`, src/shared/validation.ts) or a problems message with values. It is the detail too.
 */
export function fieldProblem(path: string, text: ProblemText, status = 400): HttpProblem {
  const field = keyedField(path, text);
  return new HttpProblem(status, field.message, [field], undefined, text);
}

export const notFound = (what = 'Resource') => new HttpProblem(404, `${what} not found.`);

/**
 * Sends the problem in the language the request's Accept-Language prefers (docs/behaviour.md §8): German when
 * it prefers German, English (unchanged, byte for byte) otherwise. The texts come in English and are
 * translated here, on the way out (server/i18n/problems.ts).
 */
export function sendProblem(reply: FastifyReply, status: number, detail?: string, errors?: FieldProblem[], text?: ProblemText) {
  const language = requestLanguage(reply.request);
  const body: Problem = { type: 'about:blank', title: problemTitle(status, language), status };
  if (detail) body.detail = localizeProblemText(detail, language, text);
  if (errors?.length) {
    body.errors = errors.map(({ path, message, text }) => ({ path, message: localizeProblemText(message, language, text) }));
  }
  // The words depend on Accept-Language: a cache must not hand one language's answer to another.
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
  return reply.code(status).type('application/problem+json').send(body);
}

/** The fields of a PostgreSQL error that name what failed without any of the values involved. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/**
 * What the log may keep of an error. A failed query's message and stack carry its parameters, and
 * PostgreSQL's `detail` quotes the offending values (`Key (email)=(...) already exists`), so a
 * database error is logged as its code, constraint, table and parameterised SQL text, never the values.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = (error.cause ?? {}) as Record<string, unknown>;
  const fields = Object.fromEntries(
    DATABASE_ERROR_FIELDS.filter((key) => typeof cause[key] === 'string').map((key) => [key, cause[key]]),
  );
  const where = fields.constraint ? ` (${String(fields.constraint)})` : '';
  return {
    type: 'DatabaseError',
    message: `database error ${String(fields.code ?? 'unknown')}${where}`,
    ...fields,
    query: error.query,
    // The frames only: the first line of a stack repeats the message, parameters included.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/** Fastify's client errors by code, as catalogue texts (its own messages are English only). */
const FASTIFY_PROBLEMS: Record<string, ProblemKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.emptyJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.bodyTooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.invalidContentLength',
};

/** Seconds a device waits before trying again after the database could not be reached: about a restart's length. */
const DATABASE_RETRY_AFTER = '5';

/**
 * The answer while the database cannot be reached (a restart or failover, a dropped connection):
 * 503 with Retry-After, which the devices' sync retries, never a 500. The pool reconnects by itself.
 */
function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, reason: string) {
  // The reason only (a code or the driver's words): the error's message may quote the query's values.
  request.log.warn({ reason }, 'database unavailable: answered 503');
  reply.header('retry-after', DATABASE_RETRY_AFTER);
  const text = { key: 'server.databaseUnavailable', values: {} } as const;
  return sendProblem(reply, 503, englishProblemText(text), undefined, text);
}

/** Every error leaves the server as problem+json; only real faults are 500 (and logged as such). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(reply, error.status, error.detail, error.errors, error.text);
    }
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) return sendDatabaseUnavailable(request, reply, unavailable);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const errors = error.validation.map((v) =>
        keyedField(
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
          issueText({ ...v.params, code: v.keyword, message: v.message }),
        ),
      );
      return sendProblem(reply, 400, `The request ${where} is invalid.`, errors);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendProblem(reply, 500, 'The server produced an invalid answer.');
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return sendProblem(reply, status, 'Something went wrong on our side. Please try again later.');
    }
    // Fastify's own client errors: malformed JSON, body too large, wrong content type; in the request's language.
    const key = FASTIFY_PROBLEMS[error.code];
    if (key) return sendProblem(reply, status, englishProblemText({ key, values: {} }), undefined, { key, values: {} });
    return sendProblem(reply, status, error.message);
  });
}
