/**
 * Whether this server instance should get traffic. `npm start` listens before migrations and the demo
 * seed have run, so a load balancer (or the bench) sees an answer at once but sends work only once
 * the database is ready; on shutdown the instance says so before it stops taking connections.
 */
export type Phase = 'starting' | 'ready' | 'stopping';

export class Readiness {
  #phase: Phase;

  /** Tests and `npm run dev` build an app on a database that is already prepared: ready from the start. */
  constructor(phase: Phase = 'ready') {
    this.#phase = phase;
  }

  get phase(): Phase {
    return this.#phase;
  }

  get isReady(): boolean {
    return this.#phase === 'ready';
  }

  /** Migrations and seed are done. A server already shutting down stays shut. */
  ready(): void {
    if (this.#phase === 'starting') this.#phase = 'ready';
  }

  stopping(): void {
    this.#phase = 'stopping';
  }
}

/**
 * Graceful shutdown, shared by main.ts and its test: not ready at once, then Fastify's close (new
 * connections refused, idle ones closed, requests in flight answered), then the database, whose
 * close also releases the data dir for the next process.
 */
export async function shutDown(app: { readiness: Readiness; close(): Promise<unknown> }, database: { close(): Promise<void> }) {
  app.readiness.stopping();
  await app.close();
  await database.close();
}
