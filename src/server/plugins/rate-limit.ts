/**
 * Rate limits on the calls an attacker would hammer (sign-in, password reset). Limits are
 * per route (`config.rateLimit`); nothing else is limited. In-memory counters: with several
 * API nodes each node counts alone, which still bounds guessing per node.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../contract/rules';

export async function setupRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, code: 429, message: MESSAGES.rateLimited }),
  });
}

/** Body fields are read after validation, hence the preHandler hook. */
export const signInLimit = {
  max: 10,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => {
    const body = request.body as { username?: unknown } | undefined;
    const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
    return `signin:${request.ip}:${username}`;
  },
};

export const resetLimit = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `reset:${request.ip}`,
};
