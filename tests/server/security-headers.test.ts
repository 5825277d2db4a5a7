/**
 * Security headers on every kind of answer (src/server/plugins/security-headers.ts): API
 * JSON 200s and errors, 404s, 400s, the OpenAPI document, media, the built PWA's
 * index.html (direct and as the SPA fallback), its assets (also pre-compressed), the
 * service worker and the dev mailbox page. The Content-Security-Policy is checked word for
 * word: our scripts only, no eval, no inline script but index.html's own (each by its hash),
 * no framing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/server/plugins/security-headers';
import { startTestServer, type TestServer } from '../support/server';

const temp = mkdtempSync(path.join(tmpdir(), 'bt-security-headers-'));
const dist = path.join(temp, 'dist');
const MEDIA_NAME = `${'ab'.repeat(16)}.png`;
const ASSET_JS = 'export const answer = 42; // '.padEnd(2048, 'x');

let s: TestServer;
let token = '';

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Billionett</title><script type="module" src="/assets/app-abc123.js"></script>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), ASSET_JS);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET_JS));
  s = await startTestServer({ clientDir: dist, devTools: true });
  await s.app.mediaFiles.write(s.app.db, 'primary', MEDIA_NAME, Buffer.from('89504e470d0a1a0a', 'hex'));
  token = (await s.signUpMember()).token;
});

afterAll(async () => {
  await s?.close();
  rmSync(temp, { recursive: true, force: true });
});

/** The policy for a page served from `host` (connect-src names its telex socket). */
const policyFor = (host: string) =>
  [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ws://${host} wss://${host}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';');

const directives = (csp: string) => new Map(csp.split(';').map((d) => [d.trim().split(' ')[0]!, d.trim().split(' ').slice(1)]));

/** The headers every answer carries, as an answer from `host` has them. */
const expectedHeaders = (host: string) => ({
  'content-security-policy': policyFor(host),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
});

const securityHeaders = (headers: Headers) =>
  Object.fromEntries(Object.keys(expectedHeaders('')).map((name) => [name, headers.get(name)]));

type Case = { what: string; path: string; status: number; init?: RequestInit; type: string };

const cases = (): Case[] => [
  { what: 'API 200 (public)', path: '/api/v1/health', status: 200, type: 'application/json' },
  { what: 'API 200 (signed in)', path: '/api/v1/user/personal', status: 200, init: { headers: { authorization: `Bearer ${token}` } }, type: 'application/json' },
  { what: 'API 401', path: '/api/v1/user/personal', status: 401, type: 'application/json' },
  { what: 'API 404', path: '/api/v1/no/such/call', status: 404, type: 'application/json' },
  { what: '404 outside the API', path: '/missing.png', status: 404, type: 'application/json' },
  {
    what: 'API 400 (malformed JSON)',
    path: '/api/v1/auth/signIn',
    status: 400,
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username": ' },
    type: 'application/json',
  },
  {
    what: 'API 400 (validation)',
    path: '/api/v1/auth/signIn',
    status: 400,
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    type: 'application/json',
  },
  // Fastify refuses a path it cannot decode before routing (frameworkErrors).
  { what: '400 (undecodable path)', path: '/api/v1/%C3%28', status: 400, type: 'application/json' },
  { what: 'OpenAPI document', path: '/api/v1/openapi.json', status: 200, type: 'application/json' },
  { what: 'media file', path: `/media/primary/${MEDIA_NAME}`, status: 200, type: 'image/png' },
  { what: 'media 404 (no such file)', path: `/media/primary/${'cd'.repeat(16)}.png`, status: 404, type: 'application/json' },
  { what: 'media 404 (bad name)', path: '/media/primary/x.png', status: 404, type: 'application/json' },
  { what: 'index.html', path: '/', status: 200, init: { headers: { accept: 'text/html' } }, type: 'text/html' },
  { what: 'index.html by name', path: '/index.html', status: 200, type: 'text/html' },
  { what: 'index.html for a client route', path: '/suite/vault', status: 200, init: { headers: { accept: 'text/html' } }, type: 'text/html' },
  { what: 'asset', path: '/assets/app-abc123.js', status: 200, type: 'javascript' },
  { what: 'asset, pre-compressed', path: '/assets/app-abc123.js', status: 200, init: { headers: { 'accept-encoding': 'br' } }, type: 'javascript' },
  { what: 'service worker', path: '/sw.js', status: 200, type: 'javascript' },
  { what: 'dev mailbox page', path: '/dev/mailbox', status: 200, type: 'text/html' },
];

describe('security headers', () => {
  it('the policy: our scripts only, no eval, no inline script, no plugins, no framing', () => {
    const d = directives(policyFor('127.0.0.1:8080'));
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('script-src-attr')).toEqual(["'none'"]);
    expect(policyFor('127.0.0.1:8080')).not.toContain("'unsafe-eval'");
    expect([...d.entries()].filter(([name, sources]) => name !== 'style-src' && sources.includes("'unsafe-inline'"))).toEqual([]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
  });

  it('are on every kind of answer, with the exact policy', async () => {
    const host = new URL(s.url).host;
    for (const c of cases()) {
      const res = await fetch(`${s.url}${c.path}`, c.init);
      await res.arrayBuffer();
      const seen = { what: c.what, status: res.status, type: res.headers.get('content-type'), headers: securityHeaders(res.headers) };
      expect(seen).toEqual({ what: c.what, status: c.status, type: expect.stringContaining(c.type), headers: expectedHeaders(host) });
    }
  });

  it('the pre-compressed asset is the brotli twin, headers and all', async () => {
    const res = await fetch(`${s.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe(ASSET_JS);
  });

  it('names only a well-formed Host as the telex socket origin, never copies an odd one in', async () => {
    const named = await s.app.inject({ url: '/api/v1/health', headers: { host: 'billionett.example' } });
    expect(directives(String(named.headers['content-security-policy'])).get('connect-src')).toEqual([
      "'self'",
      'ws://billionett.example',
      'wss://billionett.example',
    ]);
    for (const host of ['evil.example; script-src *', 'a b', "x'"]) {
      const odd = await s.app.inject({ url: '/api/v1/health', headers: { host } });
      expect({ host, csp: odd.headers['content-security-policy'] }).toEqual({ host, csp: policyFor('').replace(" ws:// wss://", '') });
    }
  });
});

describe('index.html\'s inline scripts', () => {
  const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
  const colors = 'document.documentElement.dataset.scheme = "dark";';
  const paint = 'window.painted = true;';

  it('are allowed each by its sha256, and no other inline script', async () => {
    const dir = path.join(temp, 'dist-inline');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><head><script>${colors}</script><script>${paint}</script><script type="module" src="/assets/app.js"></script></head>`,
    );
    expect(inlineScriptHashes(dir)).toEqual([sha(colors), sha(paint)]);
    const server = await startTestServer({ clientDir: dir });
    try {
      const res = await fetch(`${server.url}/`);
      await res.arrayBuffer();
      const d = directives(res.headers.get('content-security-policy') ?? '');
      expect(d.get('script-src')).toEqual(["'self'", sha(colors), sha(paint)]);
      expect(d.get('script-src')).not.toContain(sha('window.painted = false;'));
      expect(d.get('script-src')).not.toContain("'unsafe-inline'");
    } finally {
      await server.close();
    }
  });

  it('are none without a built client or with no inline script', () => {
    expect(inlineScriptHashes(undefined)).toEqual([]);
    expect(inlineScriptHashes(path.join(temp, 'no-such-dir'))).toEqual([]);
    expect(inlineScriptHashes(dist)).toEqual([]);
  });
});
