/**
 * The API process: reads its configuration from the environment, listens, and drains on
 * SIGINT/SIGTERM (drain.ts: in-flight requests finish, then the database closes; exit 0).
 */
import { buildApp, proxyHops } from './app';
import { drainOptions, stopOnSignals } from './drain';
import { metricsListen } from './metrics/listener';
import { databasePooling } from './db/client';
import { parseAllowedOrigins } from './mail/link-origin';
import { pushEndpointsFrom } from './push/endpoint';
import { exitStartFailed } from './start-refused';

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const metrics = metricsListen(env);

// A refusal (hosts disagree on a key, a bad DATABASE_POOLING…) is one sentence and exit 1.
const app = await (async () => buildApp({
  dataDir: env.DATA_DIR ?? './data',
  owner: `the API server on port ${port}`,
  databaseUrl: env.DATABASE_URL || undefined,
  databaseDirectUrl: env.DATABASE_DIRECT_URL || undefined,
  databasePooling: databasePooling(env.DATABASE_POOLING),
  legacyJwtSecret: env.JWT_SECRET || undefined,
  pushEndpoints: pushEndpointsFrom(env.PUSH_ENDPOINT_HOSTS),
  smtpUrl: env.SMTP_URL || undefined,
  publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
  allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
  // Only `npm run dev` passes --dev: the dev mailbox and writes log never ship on a real start.
  devTools: process.argv.includes('--dev') || env.DEV_TOOLS === '1',
  trustProxy: proxyHops(env.TRUST_PROXY),
  clientDir: env.CLIENT_DIR || undefined,
  logger: { level: env.LOG_LEVEL ?? 'info' },
  redisUrl: env.REDIS_URL || undefined,
  // CHAT_RATE_LIMIT=off only for benchmarks that push 1,000 telexes down one socket.
  chatRate: env.CHAT_RATE_LIMIT === 'off' ? false : undefined,
  // METRICS_PORT: Prometheus metrics on a listener of their own (none when unset).
  metrics: metrics ? { listen: metrics } : undefined,
}))().catch(exitStartFailed);

stopOnSignals(app, drainOptions(env));

await app.listen({ port, host });
