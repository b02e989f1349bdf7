import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Problem } from '#shared/contracts/common.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Throw from a handler to answer with application/problem+json. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Problem['errors'],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export const notFound = (what = 'Resource') => new HttpProblem(404, `${what} not found.`);

export function sendProblem(reply: FastifyReply, status: number, detail?: string, errors?: Problem['errors']) {
  const body: Problem = { type: 'about:blank', title: TITLES[status] ?? 'Error', status };
  if (detail) body.detail = detail;
  if (errors?.length) body.errors = errors;
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

/** Every error leaves the server as problem+json; only real faults are 500 (and logged as such). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(reply, error.status, error.detail, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        message: v.message ?? 'Invalid value',
      }));
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
    // Fastify's own client errors: malformed JSON, body too large, wrong content type, rate limit.
    return sendProblem(reply, status, error.message);
  });
}
