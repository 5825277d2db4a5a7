/**
 * The API process: reads its configuration from the environment, listens, and stops
 * cleanly on SIGINT/SIGTERM (close the server, then the database, exit 0).
 */
import { buildApp, proxyHops } from './app';
import { parseAllowedOrigins } from './mail/link-origin';

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';

const app = await buildApp({
  dataDir: env.DATA_DIR ?? './data',
  owner: `the API server on port ${port}`,
  databaseUrl: env.DATABASE_URL || undefined,
  jwtSecret: env.JWT_SECRET || undefined,
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
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'failed to stop cleanly');
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port, host });
