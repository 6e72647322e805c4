import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request: Fastify's default writes two ("incoming request", then "request completed"), and
 * on a busy read path writing them is the largest cost after the HTTP stack itself (decision 033). The one line
 * carries what both did: method, URL, client address, status and time. Errors are logged as before.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    reply.log.info(
      { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  }
}
