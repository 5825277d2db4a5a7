/**
 * buildApp(options): the whole API server without listening (STYLE.md §6). Plugins first
 * (errors, database, mail, docs, rate limits, auth), then routes; tests build it too.
 */
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '../contract/codes';
import { serveAdmin } from './admin/channel';
import { setupDraining } from './drain';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, ENCODINGS, ZLIB_OPTIONS } from './http/compression';
import { setupMetrics, type MetricsOptions } from './metrics/app-metrics';
import healthRoutes from './plugins/health';
import { REQUEST_ID_HEADER, requestIds, setupRequestId } from './plugins/request-id';
import type { DatabasePooling } from './db/client';
import { trustedOrigins } from './mail/link-origin';
import { createMailer, type Mailer } from './mail/mailer';
import { legacyJwtSecrets, setupAuth } from './plugins/auth';
import { setupBatch } from './plugins/batch';
import { setupBulletins } from './plugins/bulletins';
import { setupDataExports } from './plugins/data-exports';
import type { PushEndpoints } from './push/endpoint';
import { setupIdempotency } from './plugins/idempotency';
import { setupPolicy } from './plugins/policy';
import { isNavigation, sendIndex, setupClient } from './plugins/client';
import { setupDb } from './plugins/db';
import { setupMedia } from './plugins/media';
import { clientErrorHandler, sendError, setupErrors } from './plugins/errors';
import { setupRateLimit } from './plugins/rate-limit';
import { setupSecurityHeaders } from './plugins/security-headers';
import { setupRealtime } from './realtime/socket';
import authRoutes from './routes/auth/index';
import chatRoutes from './routes/chat/index';
import relayRoutes from './routes/chat/relay';
import callRoutes from './routes/chat/calls';
import type { RelayConfig } from './domain/calls/relay';
import circleRoutes from './routes/circles/index';
import slateRoutes from './routes/slates/index';
import originSettingRoutes from './routes/origin-settings/index';
import resetRoutes from './routes/auth/reset';
import sessionRoutes from './routes/auth/sessions';
import secondFactorRoutes from './routes/auth/second-factor';
import passkeyRoutes from './routes/auth/passkeys';
import accountDeletionRoutes from './routes/auth/account-deletion';
import { setupErasure } from './plugins/erasure';
import devRoutes from './routes/dev/index';
import entryRoutes from './routes/entries/index';
import commentRoutes from './routes/comments/index';
import friendRoutes from './routes/friends/index';
import searchRoutes from './routes/search/index';
import barterRoutes from './routes/barter/index';
import bulletinRoutes from './routes/bulletins/index';
import mastersRoutes from './routes/masters/index';
import newsRoutes from './routes/news/index';
import pictureRoutes from './routes/pictures/index';
import entryMediaRoutes from './routes/entry-media/index';
import basemapRoutes from './routes/geo/basemap';
import geoRoutes from './routes/geo/index';
import mediaRoutes from './routes/pictures/media';
import settingsRoutes from './routes/settings/index';
import vaultRoutes from './routes/vault/index';
import lookupRoutes from './routes/vault/lookups';
import userRoutes from './routes/user/index';
import dataExportRoutes from './routes/data-export/index';
import { resolveDemoPassword } from './seed/demo-logins';
import { seedIfEmpty } from './seed/index';
import { ensureReferenceData } from './seed/reference';

export type AppOptions = {
  /** Folder of the PGlite database and this host's own files; undefined → in-memory PGlite. */
  dataDir?: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** In-memory PGlite only: start from this dump of a migrated database (db/client.ts memoryTemplate). */
  memoryTemplate?: Blob;
  /** PostgreSQL straight, not through a pooler: migrations and the write notices (db/client.ts). */
  databaseDirectUrl?: string;
  /** 'transaction': DATABASE_URL is a transaction pooler (PgBouncer), which keeps no named statements. */
  databasePooling?: DatabasePooling;
  /**
   * JWT_SECRET, from before signing keys lived in the database: tokens it signed keep
   * verifying until they expire (plugins/auth.ts). New tokens are signed with the database's keys.
   */
  legacyJwtSecret?: string;
  logger?: boolean | object;
  /** Serve the built PWA from this folder (SPA fallback to index.html). */
  clientDir?: string;
  /** Who we are, for the refusal another opener of dataDir sees ("npm start on port 8080"). */
  owner?: string;
  /** Seed the demo community into an empty database. */
  seed?: boolean;
  /**
   * The development conveniences (/dev/mailbox, /dev/writes.json), loopback clients only.
   * Off unless asked for: `npm run dev`, or DEV_TOOLS=1 for the browser suite.
   */
  devTools?: boolean;
  /** Origin used in links we mail (reset password). */
  publicUrl?: string;
  /** More origins a mailed link may be built on when a member comes through one (ALLOWED_ORIGINS; mail/link-origin.ts). */
  allowedOrigins?: string[];
  smtpUrl?: string;
  /** Rate limits on sign-in, sign-up, reset and existence checks (default on). */
  rateLimit?: boolean;
  /** Prefix of the rate-limit counters' keys (tests sharing one Redis); default `billionett:rl:`. */
  rateLimitNamespace?: string;
  /**
   * How many proxies in front of us append to X-Forwarded-For (behind a load balancer), so
   * limits count real client addresses. A hop count, never "trust every hop": the leftmost
   * entries are the client's to write, and would let it pick its own address.
   */
  trustProxy?: number;
  /** Telex and rate-limit counters across processes (REDIS_URL); in-memory when unset. */
  redisUrl?: string;
  /** How often accounts due for erasure are looked for (ms; default 10 minutes); false: only when asked (tests). */
  erasurePollMs?: number | false;
  /** How often the push queue is polled (ms); false: only when woken (tests drain it). */
  pushPollMs?: number | false;
  /** How often queued data exports are looked for (ms; default 10 s; a request here wakes the job at once); false: only when drained (tests). */
  exportPollMs?: number | false;
  /** Push endpoints devices may register: 'public' https: hosts (default) or 'any' (tests). */
  pushEndpoints?: PushEndpoints;
  /**
   * Which of the WORKERS=N processes this is (scripts/start.ts): every answer then says so in
   * `X-Billionett-Worker`, so an operator (and the two-process test) can tell who answered.
   */
  worker?: number;
  /** Telex messages per socket per window; false turns the limit off (benchmarks only). */
  chatRate?: { messages: number; windowMs: number } | false;
  /** Prometheus metrics (metrics/app-metrics.ts): unset, none are collected. */
  metrics?: MetricsOptions;
  /** The calls' relay (TURN_URLS, TURN_SECRET; domain/calls/relay.ts): unset, calls get no ICE servers. */
  relay?: RelayConfig;
  /** How long a call rings before it is missed (ms; default CALL_RING_MS; tests shorten it). */
  callRingMs?: number;
  /** How long an answered call waits for a dropped device to resume (ms; default CALL_RESUME_MS; tests shorten it). */
  callResumeMs?: number;
  /** How often each host sweeps for rings whose host died (ms; false: only when asked, tests). */
  callSweepMs?: number | false;
};

export type AppConfig = {
  publicUrl: string;
  devTools: boolean;
  /** The origins a mailed link may use (mail/link-origin.ts): PUBLIC_URL's first. */
  linkOrigins: string[];
};

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    mailer: Mailer;
  }
}

export const BODY_LIMIT = 1024 * 1024;

/** TRUST_PROXY: a hop count ('true' means one proxy); unset, 0 or anything else: none. */
export function proxyHops(value: string | undefined): number {
  if (value === 'true') return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/**
 * Reset tokens travel in the client route /reset-password/<token>, and data export links in
 * /api/v1/user/export/<token>: keep them out of the logs.
 */
const redactUrl = (url: string) => url.replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]').replace(/(\/user\/export\/)(?!link(?:[?#]|$))[^/?#]+/, '$1[redacted]');

function withRedaction(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip, id: req.id }),
    },
  };
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    bodyLimit: BODY_LIMIT,
    // proxy-addr's trust function: the first `hops` addresses from the socket inward.
    trustProxy: options.trustProxy && options.trustProxy > 0 ? (_address: string, hop: number) => hop < (options.trustProxy ?? 0) : false,
    // Our balancer's X-Request-Id when behind it, else our own (plugins/request-id.ts).
    genReqId: requestIds((options.trustProxy ?? 0) > 0),
    // Closing (drain.ts): idle keep-alive connections end at once, and a request that still
    // arrives on an open one is answered by its route (with Connection: close), not with
    // Fastify's bare 503 outside our envelope.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // A path Fastify cannot even decode (e.g. %C3%28) is bad input like any other: the
    // JSON envelope with a 400, not Fastify's own error shape.
    frameworkErrors: (_error, request, reply) =>
      sendError(reply.header(REQUEST_ID_HEADER, request.id), 400, 'The request could not be read.', { url: ['The address could not be read.'] }),
    clientErrorHandler,
  });
  try {
    await configure(app, options);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
}

async function configure(app: FastifyInstance, options: AppOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setupErrors(app);
  setupRequestId(app);
  setupDraining(app);
  // First, so every answer (routes, static files, 404s, errors) carries the headers.
  await setupSecurityHeaders(app, options.clientDir);
  const worker = options.worker;
  if (worker) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-billionett-worker', String(worker));
    });
  }

  const database = await setupDb(app, { dataDir: options.dataDir, databaseUrl: options.databaseUrl, directUrl: options.databaseDirectUrl, pooling: options.databasePooling, owner: options.owner, memoryTemplate: options.memoryTemplate });
  // Before the routes: its hook times every answer.
  await setupMetrics(app, options.metrics, database);
  await setupMedia(app, options.dataDir);
  const devTools = options.devTools ?? false;
  const publicUrl = (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  app.decorate('config', { publicUrl, devTools, linkOrigins: trustedOrigins(publicUrl, options.allowedOrigins) });
  app.decorate('mailer', createMailer({ smtpUrl: options.smtpUrl, db: app.db, log: app.log, keep: devTools }));
  // `npm run admin -- …` reaches this process instead of opening its files a second time.
  if (options.dataDir) serveAdmin(database, { dataDir: options.dataDir, publicUrl: app.config.publicUrl });

  await ensureReferenceData(app.db);
  if (options.seed) {
    const report = await seedIfEmpty(app.db, app.mediaFiles, resolveDemoPassword(options.dataDir));
    if (report.seeded) app.log.info(report, 'seeded the demo community');
  }

  await app.register(swagger, {
    openapi: { openapi: '3.0.3', info: { title: 'Billionett API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // Every JSON answer compressed (http/compression.ts says why and how), each in one call
  // (syncThreshold 64 KB): the library's default on 2 cores (8 KB) sent a 10-entry page
  // through a zlib stream and a pipeline of its own, which cost more than compressing it
  // (issue 32's profile); larger files still stream. Files already compressed (dist/'s
  // .br/.gz twins, the basemap) and answers kept encoded (http/kept-answers.ts) go as they are.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: 65_536,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: ZLIB_OPTIONS,
  });
  // With redisUrl the counters live in Redis, shared by every API process.
  await setupRateLimit(app, { enabled: options.rateLimit ?? true, redisUrl: options.redisUrl, namespace: options.rateLimitNamespace });
  await setupAuth(app, legacyJwtSecrets(options.legacyJwtSecret, options.dataDir));
  // Before any route: it refuses a route that declares no rule, and enforces the rest.
  setupPolicy(app);
  setupIdempotency(app);
  await setupBatch(app);
  await setupRealtime(app, { redisUrl: options.redisUrl, rate: options.chatRate, callRingMs: options.callRingMs, callResumeMs: options.callResumeMs, callSweepMs: options.callSweepMs });
  // Plain http: and loopback push endpoints only with the development conveniences (tests' push service).
  setupErasure(app, options.erasurePollMs);
  await setupBulletins(app, { pollMs: options.pushPollMs, endpoints: options.pushEndpoints ?? (devTools ? 'any' : 'public'), onSent: app.metrics?.pushSent });
  // After the bulletins: a ready export's bulletin is dispatched by them.
  setupDataExports(app, { pollMs: options.exportPollMs });

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await api.register(healthRoutes);
      typed.get('/openapi.json', { config: { access: 'anyone' }, schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes);
      await api.register(resetRoutes);
      await api.register(sessionRoutes);
      await api.register(secondFactorRoutes);
      await api.register(passkeyRoutes);
      await api.register(accountDeletionRoutes);
      await api.register(dataExportRoutes);
      await api.register(mastersRoutes);
      await api.register(userRoutes);
      await api.register(newsRoutes);
      await api.register(vaultRoutes);
      await api.register(lookupRoutes);
      await api.register(settingsRoutes);
      await api.register(pictureRoutes);
      await api.register(entryMediaRoutes);
      await api.register(geoRoutes);
      await api.register(friendRoutes);
      await api.register(searchRoutes);
      await api.register(barterRoutes);
      await api.register(bulletinRoutes);
      await api.register(chatRoutes);
      await api.register(relayRoutes, { relay: options.relay });
      await api.register(callRoutes);
      await api.register(circleRoutes);
      await api.register(slateRoutes);
      await api.register(originSettingRoutes, { kind: 'circle' });
      await api.register(originSettingRoutes, { kind: 'slate' });
      await api.register(entryRoutes);
      await api.register(commentRoutes);
    },
    { prefix: API_BASE },
  );

  await app.register(mediaRoutes);
  await app.register(basemapRoutes);
  if (devTools) await app.register(devRoutes, { trustProxy: (options.trustProxy ?? 0) > 0 });
  if (options.clientDir) await setupClient(app, options.clientDir);

  app.setNotFoundHandler((request, reply) => {
    if (options.clientDir && isNavigation(request)) return sendIndex(reply);
    return sendError(reply, 404, 'Not found.');
  });
}
