/**
 * One signed-in member, a sync worker built with `createSync` (no Worker needed),
 * a controlled network and a recorded backoff clock, against the real server.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import { API_BASE } from '../../../src/contract/codes';
import { createSync, type Sync } from '../../../src/client/sync/create-sync';
import { memberDb, type MemberDb } from '../../../src/client/store/db';
import { startTestServer } from '../../support/server';
import { createNet, injectFetch, type Net } from './net';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
export type TestMember = Awaited<ReturnType<TestServer['signUpMember']>>;

export type Harness = {
  sync: Sync;
  net: Net;
  /** Backoff pauses the replay asked for, in order (they resolve at once). */
  sleeps: number[];
  /** Set by a test to act during a pause (e.g. bring the network back). */
  onSleep?: (ms: number) => void;
  member: TestMember;
  db: MemberDb;
  /** Fire the worker's `online` listener, as the browser would. */
  goOnline(): void;
};

export const BASE_URL = `http://localhost${API_BASE}`;

/**
 * The real server, reachable from happy-dom. Its helpers (signUpMember) call the global
 * fetch, which here is happy-dom's: cross-origin to 127.0.0.1 it blocks the answer (CORS).
 * Routing the global fetch in-process through `app.inject` sidesteps that; the worker
 * under test gets its own controlled fetch anyway (net.ts).
 */
export async function startClientTestServer(): Promise<TestServer> {
  const server = await startTestServer();
  vi.stubGlobal('fetch', injectFetch(server.app));
  return server;
}

/** The file's server: started before its tests (handed to `take`), closed after them. */
export function withClientTestServer(take: (server: TestServer) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startClientTestServer();
    take(server);
  });
  afterAll(async () => {
    await server?.close();
  });
}

export async function signedIn(server: TestServer): Promise<Harness> {
  const net = createNet(server.app);
  const member = await server.signUpMember();
  let online = () => {};
  const h: Harness = {
    net,
    sleeps: [],
    member,
    db: memberDb(member.userCode),
    sync: undefined as unknown as Sync,
    goOnline: () => online(),
  };
  h.sync = createSync({
    baseUrl: BASE_URL,
    fetchImpl: net.fetch,
    locks: null,
    onOnline: (listener) => {
      online = listener;
    },
    sleep: async (ms) => {
      h.sleeps.push(ms);
      h.onSleep?.(ms);
    },
  });
  const result = await h.sync.signIn({ username: member.email, password: member.password });
  if (!result.ok) throw new Error(`sign-in failed: ${result.status} ${result.message}`);
  return h;
}

/** Talk to the server directly, as another device of the member would (bypasses the outbox). */
export async function serverCall<T = unknown>(
  server: TestServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { code: number | string; message: string; data?: T } }> {
  const response = await injectFetch(server.app)(`${BASE_URL}/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}
