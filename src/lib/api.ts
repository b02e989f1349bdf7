import { z } from 'zod/mini';
import { activeLanguage } from '../i18n/i18n.ts';
import { type Problem, problemSchema } from '../shared/contracts/common.ts';
import { flushLogouts } from './pending-logout.ts';
import { readToken } from './token.ts';

/** An HTTP error from the API, carrying the problem+json body; `status` drives the error page. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.detail ?? problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }

  /** The message of one field (by path, e.g. 'email'), for forms. */
  fieldError(path: string): string | undefined {
    return this.problem?.errors?.find((e) => e.path === path)?.message;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON, or a Blob/File sent as it is with its own type (an avatar upload). */
  body?: unknown;
  signal?: AbortSignal;
  /** A bearer token to send instead of the session's (e.g. the registration token of the registration flow). */
  token?: string;
  /** 'no-cache': ask the server even when the browser holds a fresh copy (it answers 304 if unchanged). */
  cache?: RequestCache;
}

/**
 * The schema of a 204 answer (no body). z.custom rather than z.undefined(): every zod class the app
 * uses lands in the shared chunk each page loads, and custom is there already.
 */
export const noContent = z.custom<undefined>((value) => value === undefined);

let unauthorizedHandler: (() => void) | null = null;
/** Called on any 401 while a token was sent (the session expired or was revoked). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/**
 * Calls the API with the bearer token and validates the answer against `schema`, so a changed or
 * broken server answer fails loudly here instead of deep inside a component.
 */
export async function api<S extends z.core.$ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.core.output<S>> {
  const url = new URL(path, location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  // The server answers problems (and writes mails for anonymous requests) in the app's language.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': activeLanguage() };
  const token = options.token ?? readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const { body } = options;
  if (body instanceof Blob) headers['Content-Type'] = body.type;
  else if (body !== undefined) headers['Content-Type'] = 'application/json';

  // A session signed out offline ends on the server before this request goes out.
  await flushLogouts();
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
    signal: options.signal,
    cache: options.cache,
    credentials: 'same-origin',
  });

  if (!response.ok) {
    let problem: Problem | null = null;
    try {
      const parsed = problemSchema.safeParse(await response.json());
      if (parsed.success) problem = parsed.data;
    } catch {
      // not JSON (e.g. a proxy error page): keep the status only
    }
    // Only the session's own token expiring signs the session out.
    if (response.status === 401 && token && options.token === undefined) unauthorizedHandler?.();
    throw new ApiError(response.status, problem);
  }
  if (response.status === 204) return z.parse(schema, undefined);
  return z.parse(schema, await response.json());
}
