/**
 * The app's options that come from the environment the same way for every entry point
 * (`npm start`'s scripts/start.ts and the bare API process src/server/main.ts), so a new
 * setting is read in one place and both starts honour it (README, Configuration).
 */
import { proxyHops, type AppOptions } from './app';
import { databasePooling } from './db/client';
import { callRingMsFromEnv, relayFromEnv } from './domain/calls/relay';
import { parseAllowedOrigins } from './mail/link-origin';
import { pushEndpointsFrom } from './push/endpoint';

type FromEnv = Pick<
  AppOptions,
  | 'databaseUrl'
  | 'databaseDirectUrl'
  | 'databasePooling'
  | 'legacyJwtSecret'
  | 'pushEndpoints'
  | 'chatRate'
  | 'smtpUrl'
  | 'allowedOrigins'
  | 'redisUrl'
  | 'rateLimitNamespace'
  | 'relay'
  | 'callRingMs'
  | 'trustProxy'
>;

export function optionsFromEnv(env: NodeJS.ProcessEnv): FromEnv {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || undefined,
    databasePooling: databasePooling(env.DATABASE_POOLING),
    legacyJwtSecret: env.JWT_SECRET || undefined,
    pushEndpoints: pushEndpointsFrom(env.PUSH_ENDPOINT_HOSTS),
    // CHAT_RATE_LIMIT=off only for benchmarks that push 1,000 telexes down one socket.
    chatRate: env.CHAT_RATE_LIMIT === 'off' ? false : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    redisUrl: env.REDIS_URL || undefined,
    // The counters' key prefix, so deployments sharing one Redis count apart.
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE || undefined,
    // TURN_URLS + TURN_SECRET: the calls' relay (coturn), the same on every host.
    relay: relayFromEnv(env),
    // CALL_RING_MS: how long a call rings before it is missed (default 30 s); the e2e suite shortens it.
    callRingMs: callRingMsFromEnv(env),
    trustProxy: proxyHops(env.TRUST_PROXY),
  };
}
