/**
 * Liveness, readiness and the drain of a stopping process (drain.ts, plugins/health.ts):
 * readiness turns 503 at once, open telex sockets get 1012 and new ones are refused, a
 * request in flight still finishes with 200 (and its connection then closes), and a drain
 * that cannot finish gives up within its bound.
 */
import { once } from 'node:events';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CHAT_SOCKET_PATH } from '../../src/contract/chat';
import { drain } from '../../src/server/drain';
import { NOT_READY } from '../../src/server/plugins/health';
import { startTestServer, type TestServer } from '../support/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in whose body is only partly sent: in flight until `finish()`. */
async function slowSignIn(s: TestServer, username: string, password: string): Promise<{ req: ClientRequest; finish: () => Promise<IncomingMessage & { text: string }> }> {
  const body = JSON.stringify({ username, password });
  const { port } = s.app.server.address() as AddressInfo;
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/auth/signIn',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  req.on('error', () => {});
  const answered = once(req, 'response') as Promise<[IncomingMessage]>;
  // A request the test abandons must not fail the run.
  answered.catch(() => {});
  const arrived = once(s.app.server, 'request');
  req.write(body.slice(0, 10));
  // The server has the request (its headers) before the test goes on.
  await arrived;
  return {
    req,
    finish: async () => {
      req.end(body.slice(10));
      const [res] = await answered;
      let text = '';
      for await (const chunk of res) text += String(chunk);
      return Object.assign(res, { text });
    },
  };
}

/** A telex socket, open once the server has sent its session frame. */
async function openSocket(s: TestServer): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}${CHAT_SOCKET_PATH}`);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await once(ws, 'message');
  return { ws, closed };
}

describe('liveness and readiness', () => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('answers live and ready with the envelope, without a session', async () => {
    s = await startTestServer();
    const live = await s.call('GET', 'health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ code: 200, message: 'ok', data: { live: true } });
    const ready = await s.call('GET', 'health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ code: 200, message: 'ok', data: { ready: true } });
    // The old health check is as it was.
    expect((await s.call('GET', 'health')).body).toEqual({ code: 200, message: 'ok', data: { db: 'pglite' } });
  });
});

describe('a drain', () => {
  it('turns readiness 503 at once, closes sockets with 1012, refuses new ones, and lets a request in flight finish', async () => {
    const s = await startTestServer();
    const member = await s.signUpMember();
    const socket = await openSocket(s);
    const slow = await slowSignIn(s, member.email, member.password);

    const drained = drain(s.app, { timeoutMs: 10_000, graceMs: 400 });
    expect(await socket.closed).toBe(1012);

    // During the grace the port still answers: readiness says no, liveness yes.
    const ready = await s.call('GET', 'health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('2');
    expect(ready.body).toEqual({ code: 503, message: NOT_READY.draining });
    expect((await s.call('GET', 'health/live')).status).toBe(200);
    const refused = new WebSocket(`${s.url.replace('http', 'ws')}${CHAT_SOCKET_PATH}`);
    refused.on('error', () => {});
    const [, upgrade] = (await once(refused, 'unexpected-response')) as [unknown, IncomingMessage];
    expect(upgrade.statusCode).toBe(503);
    refused.terminate();

    // Past the grace the listener is closed, yet the request in flight is answered.
    await sleep(600);
    await expect(fetch(`${s.api}/health/live`)).rejects.toThrow('fetch failed');
    const answer = await slow.finish();
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.text).data.accessToken).toEqual(expect.any(String));
    // Its keep-alive connection ends with it rather than holding the close open.
    expect(answer.headers.connection).toBe('close');
    expect(await drained).toBe(true);
  });

  it('gives up within its bound when a request never finishes', async () => {
    const s = await startTestServer();
    const stuck = await slowSignIn(s, 'nobody@example.com', 'x');
    const started = Date.now();
    expect(await drain(s.app, { timeoutMs: 300 })).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    // Let the close finish, as the process's exit would have.
    stuck.req.destroy();
    await s.app.close();
  });
});
