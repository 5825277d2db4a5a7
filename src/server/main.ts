/**
 * The API process: reads its configuration from the environment, listens, and drains on
 * SIGINT/SIGTERM (drain.ts: in-flight requests finish, then the database closes; exit 0).
 */
import { buildApp } from './app';
import { optionsFromEnv } from './env-options';
import { drainOptions, stopOnSignals } from './drain';
import { metricsListen } from './metrics/listener';
import { exitStartFailed } from './start-refused';

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const metrics = metricsListen(env);

// A refusal (hosts disagree on a key, a bad DATABASE_POOLING…) is one sentence and exit 1.
const app = await (async () => buildApp({
  ...optionsFromEnv(env),
  dataDir: env.DATA_DIR ?? './data',
  owner: `the API server on port ${port}`,
  publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
  // Only `npm run dev` passes --dev: the dev mailbox and writes log never ship on a real start.
  devTools: process.argv.includes('--dev') || env.DEV_TOOLS === '1',
  clientDir: env.CLIENT_DIR || undefined,
  logger: { level: env.LOG_LEVEL ?? 'info' },
  // METRICS_PORT: Prometheus metrics on a listener of their own (none when unset).
  metrics: metrics ? { listen: metrics } : undefined,
}))().catch(exitStartFailed);

stopOnSignals(app, drainOptions(env));

await app.listen({ port, host });
