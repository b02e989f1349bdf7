import Fastify from 'fastify';

/** The reference point for API throughput: a bare Fastify JSON route, nothing else. */
const app = Fastify();
app.get('/bare', async () => ({ hello: 'world' }));
// The load bench's mix (tests/bench/load.ts) sent here: reads get a small JSON answer, uploads one
// result per op, as the app's sync endpoints answer (no database, no auth: the floor to compare with).
app.all('/api/*', async (request) => {
  const ops = (request.body as { ops?: { id: string }[] } | undefined)?.ops;
  return Array.isArray(ops) ? { results: ops.map((op) => ({ id: op.id, status: 'created' })) } : { hello: 'world' };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
