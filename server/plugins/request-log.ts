import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, written when it is answered (method, URL, address, status, time),
 * as pino-http does, instead of Fastify's two (one on arrival, one on the answer): at the default
 * level every request is logged, and thousands of phones syncing on an event morning make that
 * many lines. Half the lines, half the serializing; errors are logged as before.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
