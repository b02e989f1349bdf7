import Fastify from 'fastify';

/** The reference point for API throughput: a bare Fastify JSON route, nothing else. */
const app = Fastify();
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
