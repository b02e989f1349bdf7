import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.ts';

const contract = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  company: z.string().nullable(),
  kind: z.union([z.object({ type: z.literal('pass'), code: z.string() }), z.object({ type: z.literal('none') })]),
  tags: z.array(z.string()),
});

describe('the response serializer', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setSerializerCompiler(responseSerializerCompiler);
    const row = {
      id: 'u1',
      at: new Date('2026-06-16T07:30:00Z'),
      company: null,
      kind: { type: 'pass', code: 'CF26', secret: 'x' },
      tags: ['a'],
      passwordHash: 'never sent',
    };
    app.get('/row', { schema: { response: { 200: contract } } }, async () => row);
    app.get('/gone', { schema: { response: { 304: z.undefined() } } }, async (_request, reply) => reply.code(304).send());
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes exactly the properties of the contract, dates as ISO text', async () => {
    const res = await app.inject('/row');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'u1',
      at: '2026-06-16T07:30:00.000Z',
      company: null,
      kind: { type: 'pass', code: 'CF26' },
      tags: ['a'],
    });
  });

  it('keeps the zod serializer for contracts JSON Schema cannot express', async () => {
    const res = await app.inject('/gone');
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });
});
