/**
 * The dev tools (mailbox, applied writes) answer only a browser or test on this machine.
 * The socket's own peer address decides, never X-Forwarded-For: behind a proxy every
 * request would look local, so with trustProxy on nothing counts as loopback.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../../plugins/errors';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function fromLoopback(request: FastifyRequest, trustProxy: boolean): boolean {
  if (trustProxy) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** A plain 404 to anyone else, as if the route did not exist. */
export function loopbackOnly(app: FastifyInstance, trustProxy: boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!fromLoopback(request, trustProxy)) return sendError(reply, 404, 'Not found.');
  });
}
