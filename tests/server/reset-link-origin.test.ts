/**
 * The reset link names the origin the member came through when the deployment trusts it
 * (mail/link-origin.ts): a loopback alias of PUBLIC_URL on its port, or an ALLOWED_ORIGINS
 * entry. A foreign Host or Origin (reset-link poisoning) gets PUBLIC_URL.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMail } from '../../src/server/db/schema/mail';
import { startTestServer, type TestMember, type TestServer } from '../support/server';

describe('the reset link origin', () => {
  let s: TestServer;
  let member: TestMember;
  beforeAll(async () => {
    s = await startTestServer({ devTools: true, publicUrl: 'http://localhost:8080', allowedOrigins: ['https://app.example.org'] });
    member = await s.signUpMember();
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Asks a reset with these headers and returns the mailed link's base (before /reset-password/). */
  async function linkFor(headers: Record<string, string>): Promise<string> {
    const r = await s.app.inject({ method: 'POST', url: '/api/v1/auth/requestResetPassword', headers: { 'content-type': 'application/json', ...headers }, payload: { username: member.email } });
    expect(r.statusCode).toBe(200);
    const [mail] = await s.app.db.select().from(devMail).where(eq(devMail.to, member.email)).orderBy(desc(devMail.id)).limit(1);
    const match = mail?.body.match(/(\S+)\/reset-password\/[\w-]+/);
    expect(match).toBeTruthy();
    return match![1]!;
  }

  it('uses the loopback alias of PUBLIC_URL the member came through, by Host or Origin', async () => {
    expect(await linkFor({ host: '127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
    expect(await linkFor({ host: 'localhost:8080' })).toBe('http://localhost:8080');
    expect(await linkFor({ host: '127.0.0.1:8080', origin: 'http://[::1]:8080' })).toBe('http://[::1]:8080');
    expect(await linkFor({ host: 'localhost:8080', origin: 'https://app.example.org' })).toBe('https://app.example.org');
  });

  it('falls back to PUBLIC_URL for a foreign Host or Origin, or another port', async () => {
    expect(await linkFor({ host: 'evil.example' })).toBe('http://localhost:8080');
    expect(await linkFor({ host: 'evil.example:8080', origin: 'https://evil.example' })).toBe('http://localhost:8080');
    expect(await linkFor({ host: '127.0.0.1:9999' })).toBe('http://localhost:8080');
    expect(await linkFor({ host: '127.0.0.1:8080@evil.example' })).toBe('http://localhost:8080');
    expect(await linkFor({ host: 'app.example.org' })).toBe('http://localhost:8080');
  });
});
