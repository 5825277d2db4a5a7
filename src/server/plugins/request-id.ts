/**
 * One request id in our logs and the balancer's. Behind our balancer (TRUST_PROXY > 0) the
 * id HAProxy made (`unique-id-format`, sent as X-Request-Id, logged as %ID) is taken when it
 * is a sane token; anywhere else, or when it is not, we make our own — a client must not
 * choose what our logs say or stuff them with junk. Every answer echoes the id in
 * X-Request-Id, so a member's report or a failing test points at its log lines.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the balancer's id when trusted and sane, else a fresh UUID. */
export function requestIds(behindProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = behindProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && SANE.test(given) ? given : crypto.randomUUID();
  };
}

/** First among the hooks, so every answer (errors and 404s too) carries the id. */
export function setupRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
