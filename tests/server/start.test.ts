/** What a real start does: the built PWA with SPA fallback, a seed that runs once, tokens that outlive a restart (their key is in the database). */
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { users } from '../../src/server/db/schema/accounts';
import { seedIfEmpty } from '../../src/server/seed/index';
import { DEMO_PASSWORD } from '../support/demo';
import { startTestServer } from '../support/server';

const temp = mkdtempSync(path.join(tmpdir(), 'bt-start-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('client serving', () => {
  it('serves files, index.html for client routes, and never caches the service worker', async () => {
    const dist = path.join(temp, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Billionett</title>');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const s = await startTestServer({ clientDir: dist });
    try {
      const sw = await fetch(`${s.url}/sw.js`);
      expect(sw.status).toBe(200);
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      const asset = await fetch(`${s.url}/assets/app-abc123.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      for (const route of ['/', '/suite/vault', '/reset-password/abc']) {
        const page = await fetch(`${s.url}${route}`, { headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<title>Billionett</title>');
      }
      const api = await fetch(`${s.url}/api/v1/unknown`, { headers: { accept: 'text/html' } });
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ code: 404, message: 'Not found.' });
      expect((await fetch(`${s.url}/media/x.png`)).status).toBe(404);
      expect((await fetch(`${s.url}/missing.png`)).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});

describe('file-backed PGlite', () => {
  it('seeds once (fast), keeps the data and the members’ tokens across restarts', async () => {
    const dataDir = path.join(temp, 'data');
    const first = await buildApp({ dataDir });
    const report = await seedIfEmpty(first.db, undefined, DEMO_PASSWORD);
    expect(report.seeded).toBe(true);
    expect(report.ms).toBeLessThan(10_000);
    const [before] = await first.db.select({ n: count() }).from(users);
    expect(before?.n).toBeGreaterThan(2);
    const signIn = await first.inject({
      method: 'POST',
      url: '/api/v1/auth/signIn',
      payload: { username: 'amara@billionett.test', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().data.accessToken as string;
    await first.close();
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    // The token's key lives in the database, not in a file of this host's: it verifies after the restart below.
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);

    const second = await buildApp({ dataDir, seed: true });
    try {
      const [after] = await second.db.select({ n: count() }).from(users);
      expect(after?.n).toBe(before?.n);
      const me = await second.inject({ method: 'GET', url: '/api/v1/utilization/report', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
