import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { registerTextGuard, UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from './text-guard.ts';

describe('unstorableTextPath', () => {
  it('finds the first string with U+0000 or a lone surrogate, by its dotted path', () => {
    expect(unstorableTextPath('a\u0000b')).toBe('');
    expect(unstorableTextPath({ answers: [{ value: 'ok' }, { value: ['x', 'y\u0000'] }] })).toBe('answers.1.value.1');
    expect(unstorableTextPath({ a: 'fine', b: 'broken \ud800 pair' })).toBe('b');
    expect(unstorableTextPath(['\udfff'])).toBe('0');
  });

  it('lets everything else through: control characters, whole surrogate pairs, numbers, bytes', () => {
    expect(unstorableTextPath({ name: 'Ann\n\u202e\u0007', emoji: '🎉 ẞ', n: 1e308, ok: true, none: null })).toBeUndefined();
    // An upload may hold zero bytes: bytes are not text.
    expect(unstorableTextPath(Buffer.from([0, 0, 0]))).toBeUndefined();
  });
});

describe('the text guard', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    registerTextGuard(app);
    app.post('/echo/:id', async (request) => ({ params: request.params, query: request.query, body: request.body }));
    app.get('/read/:id', async (request) => ({ params: request.params }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 400 for unstorable text in a path parameter, the query or the body, saying where', async () => {
    const cases = [
      { url: '/echo/a%00b', payload: {}, detail: 'The request params is invalid.', path: 'id' },
      { url: '/echo/1?q=%00', payload: {}, detail: 'The request querystring is invalid.', path: 'q' },
      { url: '/echo/1', payload: { list: ['ok', 'x\u0000'] }, detail: 'The request body is invalid.', path: 'list.1' },
      { url: '/echo/1', payload: '{"text":"\\ud800"}', detail: 'The request body is invalid.', path: 'text' },
    ];
    for (const { url, payload, detail, path } of cases) {
      const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail, errors: [{ path, message: UNSTORABLE_TEXT_MESSAGE }] });
    }
  });

  it('guards the path parameters of a GET too', async () => {
    const res = await app.inject({ method: 'GET', url: '/read/a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ path: 'id', message: UNSTORABLE_TEXT_MESSAGE }] });
  });

  it('lets every other character through, control characters included', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo/1?q=%07', payload: { text: 'line\nnext \u202e \u0007 🎉' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({ text: 'line\nnext \u202e \u0007 🎉' });
  });
});
