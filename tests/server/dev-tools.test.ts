/**
 * The development conveniences can never become a back door: absent on a default start,
 * loopback-only when asked for, and a member's writes only with that member's token.
 * Without SMTP, mail reaches the operator's console, never a web page.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMail } from '../../src/server/db/schema/mail';
import { createMailer } from '../../src/server/mail/mailer';
import { startTestServer, type TestServer } from '../support/server';

const DEV_PATHS = ['/dev/mailbox', '/dev/mailbox.json', '/dev/writes.json'];

describe('a default start', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('has no dev routes, and keeps no reset mail where a web page could read it', async () => {
    const m = await s.signUpMember();
    expect((await s.call('POST', 'auth/requestResetPassword', { body: { username: m.email } })).status).toBe(200);
    for (const path of DEV_PATHS) {
      const r = await fetch(`${s.url}${path}?userCode=${m.userCode}`, { headers: { authorization: `Bearer ${m.token}` } });
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
    }
    const [kept] = await s.app.db.select({ n: count() }).from(devMail);
    expect(kept?.n).toBe(0);
  });
});

describe('dev tools on (npm run dev, DEV_TOOLS=1)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ devTools: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps mail in the mailbox for a loopback browser, as HTML and JSON', async () => {
    const m = await s.signUpMember();
    await s.call('POST', 'auth/requestResetPassword', { body: { username: m.email } });
    const json = (await (await fetch(`${s.url}/dev/mailbox.json`)).json()) as { to: string; body: string }[];
    expect(json[0]?.to).toBe(m.email);
    const html = await (await fetch(`${s.url}/dev/mailbox`)).text();
    expect(html).toMatch(/<a href="http:\/\/app\.test\/reset-password\/[\w-]+">/);
  });

  it('answers nobody but loopback clients', async () => {
    for (const url of DEV_PATHS) {
      const r = await s.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect({ url, status: r.statusCode }).toEqual({ url, status: 404 });
    }
    expect((await s.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  it("serves a member's own writes, with their token only", async () => {
    const [ada, bo] = [await s.signUpMember(), await s.signUpMember()];
    const about = { about: 'Only mine to read' };
    const put = await s.call('PUT', `update/user/about/${ada.userCode}`, { token: ada.token, body: about, headers: { 'idempotency-key': 'k-1' } });
    expect(put.status).toBe(201);
    expect((await fetch(`${s.url}/dev/writes.json?userCode=${ada.userCode}`)).status).toBe(401);
    const forged = await fetch(`${s.url}/dev/writes.json`, { headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.status).toBe(401);
    const asBo = (await (await fetch(`${s.url}/dev/writes.json?userCode=${ada.userCode}`, { headers: { authorization: `Bearer ${bo.token}` } })).json()) as unknown[];
    expect(JSON.stringify(asBo)).not.toContain('Only mine to read');
    const asAda = (await (await fetch(`${s.url}/dev/writes.json`, { headers: { authorization: `Bearer ${ada.token}` } })).json()) as { key: string }[];
    expect(asAda.map((w) => w.key)).toEqual(['k-1']);
  });
});

it('without SMTP, mail goes to the operator console', async () => {
  const warned: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warned.push(args) } as never;
  const mailer = createMailer({ db: null as never, log, keep: false });
  await mailer.send({ to: 'ada@example.com', subject: 'Reset', text: 'http://app.test/reset-password/abc' });
  expect(JSON.stringify(warned)).toContain('http://app.test/reset-password/abc');
});
