/**
 * A real API server for tests: built with buildApp, listening on a free port of 127.0.0.1.
 * PGlite by default (in memory); with `databaseUrl` a fresh PostgreSQL database
 * (bt_test_<random>) is created on that server and dropped again by close().
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { SessionData, SignUpRequest } from '../../src/contract/auth';
import { API_BASE, type PlanCode } from '../../src/contract/codes';
import { buildApp, type AppOptions } from '../../src/server/app';
import { activationCodes, users } from '../../src/server/db/schema/accounts';
import { friendships } from '../../src/server/db/schema/friendships';
import { migratedTemplate } from './pglite-template';
import { createDatabase } from './postgres';

export { createDatabase } from './postgres';

export type DbTarget = { name: 'pglite' | 'postgres'; databaseUrl?: string };

/** PGlite always; PostgreSQL too when DATABASE_URL is set (`describe.each(dbTargets())`). */
export function dbTargets(): DbTarget[] {
  const url = process.env.DATABASE_URL;
  return url ? [{ name: 'pglite' }, { name: 'postgres', databaseUrl: url }] : [{ name: 'pglite' }];
}

export type TestMember = { userCode: string; email: string; password: string; token: string };

export type TestServer = {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  /** `${url}/api/v1` */
  api: string;
  close(): Promise<void>;
  /** A fresh member (activation code minted in the db), signed up and signed in. */
  signUpMember(overrides?: Partial<SignUpRequest>): Promise<TestMember>;
  /** A fresh unused activation code for `planCode`. */
  mintActivationCode(planCode?: PlanCode): Promise<string>;
  /** One JSON call to `${api}/${path}`. */
  call(method: string, path: string, options?: CallOptions): Promise<CallAnswer>;
};

export type CallOptions = { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string };
// oxlint-disable-next-line typescript/no-explicit-any -- tests read answers loosely.
export type CallAnswer = { status: number; body: any; headers: Headers };

export type TestServerOptions = {
  databaseUrl?: string;
  /** An existing database to open as it is (neither created nor dropped): a restart. */
  existing?: { databaseUrl?: string; dataDir?: string };
  seed?: boolean;
  /** Off by default, so tests may sign in freely; the rate-limit tests turn it on. */
  rateLimit?: boolean;
} & Pick<AppOptions, 'devTools' | 'clientDir' | 'publicUrl' | 'allowedOrigins' | 'trustProxy' | 'redisUrl' | 'rateLimitNamespace' | 'pushPollMs' | 'exportPollMs' | 'pushEndpoints' | 'metrics' | 'relay' | 'callRingMs' | 'callResumeMs' | 'callSweepMs'>;

export const TEST_PASSWORD = 'Secret#123';

let counter = 0;

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const database = opts.databaseUrl && !opts.existing ? await createDatabase(opts.databaseUrl) : null;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      databaseUrl: opts.existing?.databaseUrl ?? database?.url,
      dataDir: opts.existing?.dataDir,
      // A new in-memory database: a copy of a migrated one, without initdb (pglite-template.ts).
      memoryTemplate: opts.databaseUrl || opts.existing ? undefined : await migratedTemplate(),
      seed: opts.seed ?? false,
      rateLimit: opts.rateLimit ?? false,
      rateLimitNamespace: opts.rateLimitNamespace,
      trustProxy: opts.trustProxy,
      redisUrl: opts.redisUrl,
      pushPollMs: opts.pushPollMs,
      erasurePollMs: false,
      exportPollMs: opts.exportPollMs,
      pushEndpoints: opts.pushEndpoints,
      metrics: opts.metrics,
      relay: opts.relay,
      callRingMs: opts.callRingMs,
      callResumeMs: opts.callResumeMs,
      callSweepMs: opts.callSweepMs,
      logger: false,
      devTools: opts.devTools,
      clientDir: opts.clientDir,
      publicUrl: opts.publicUrl ?? 'http://app.test',
      allowedOrigins: opts.allowedOrigins,
    });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const api = `${url}${API_BASE}`;

  async function mintActivationCode(planCode: PlanCode = 'ruby'): Promise<string> {
    const code = `TEST-${randomBytes(6).toString('hex').toUpperCase()}`;
    await app.db.insert(activationCodes).values({ code, planCode });
    return code;
  }

  async function signUpMember(overrides: Partial<SignUpRequest> = {}): Promise<TestMember> {
    counter += 1;
    const planCode = overrides.planCode ?? 'ruby';
    const body: SignUpRequest = {
      emailId: `member${counter}.${randomBytes(3).toString('hex')}@example.com`,
      mobileNo: '',
      firstName: 'Test',
      lastName: `Member${counter}`,
      displayName: `Test Member ${counter}`,
      password: TEST_PASSWORD,
      dateOfBirth: '1990-05-17',
      gender: 'female',
      planCode,
      activationCode: overrides.activationCode ?? (await mintActivationCode(planCode)),
      ...overrides,
    };
    const up = await fetch(`${api}/auth/signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (up.status !== 201) throw new Error(`signUp failed: ${up.status} ${await up.text()}`);
    const username = body.emailId || body.mobileNo;
    const signIn = await fetch(`${api}/auth/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: body.password }),
    });
    const answer = (await signIn.json()) as { data: SessionData };
    return { userCode: answer.data.id, email: username, password: body.password, token: answer.data.accessToken };
  }

  async function call(method: string, path: string, options: CallOptions = {}): Promise<CallAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${api}/${path.replace(/^\//, '')}`, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: tests assert on the text.
    }
    return { status: response.status, body, headers: response.headers };
  }

  return {
    app,
    url,
    api,
    call,
    signUpMember,
    mintActivationCode,
    close: async () => {
      await app.close();
      await database?.drop();
    },
  };
}

/**
 * The usual suite set-up in one call: starts the suite's server before its tests, signs up
 * the members (`count` fresh ones, or one for each sign-up override given, in that order),
 * hands both to `take`, and closes the server after the suite.
 */
export function serverForSuite(
  opts: TestServerOptions,
  count: number | Partial<SignUpRequest>[],
  take: (s: TestServer, members: TestMember[]) => void,
): void {
  const signUps = typeof count === 'number' ? Array.from({ length: count }, () => ({})) : count;
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(opts);
    const members: TestMember[] = [];
    for (const overrides of signUps) members.push(await server.signUpMember(overrides));
    take(server, members);
  });
  afterAll(async () => {
    await server?.close();
  });
}

/**
 * Makes two members billionetts straight in the database: no request, no accept, so none
 * of their side effects (telex, news) reach what a suite counts.
 */
export async function insertFriendship(s: TestServer, one: TestMember, other: TestMember): Promise<void> {
  const ids = await s.app.db.select({ id: users.id, code: users.userCode }).from(users);
  const idOf = (code: string) => ids.find((r) => r.code === code)!.id;
  const [a, b] = [idOf(one.userCode), idOf(other.userCode)].sort((x, y) => x - y);
  await s.app.db.insert(friendships).values({ userA: a!, userB: b! });
}
