/**
 * A real coturn (Debian's `turnserver`, installed by .ci/run) runs with docs/deploy/turnserver.conf
 * — its ports, secret and realm swapped for the test's own, loopback allowed as the one peer
 * range a deployment may add — and takes the credentials GET chat/relay hands out: an
 * allocation succeeds with them, fails with a wrong secret or an expired username, and the
 * relay refuses to open a permission towards a private address (denied-peer-ip).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_PATHS } from '../../src/contract/calls';
import { freePort } from '../support/chaos';
import { startTestServer, type TestServer } from '../support/server';
import { turnSession, TURN_ATTR } from '../support/turn-client';

const SECRET = 'coturn-test-secret-0123456789';
const REALM = 'billionett.test';
const turnserver = spawnSync('turnserver', ['--version']).status === 0;

// Exactly one list has an entry (the lint bans conditional tests): CI installs coturn.
const notRun = turnserver ? [] : ['calls-coturn: not run: turnserver not found (Debian: apt-get install coturn; .ci/run does)'];
const targets = turnserver ? [{ name: 'coturn' }] : [];

describe.each(notRun)('the relay with a real coturn', (reason) => {
  it('says why it did not run', () => {
    console.log(reason);
    expect(reason).toContain('not run');
  });
});

/** The checked-in configuration with this run's port, secret, realm and files. */
function testConfig(dir: string, port: number, relayPorts: [number, number]): string {
  const deployed = readFileSync(path.resolve(import.meta.dirname, '../../docs/deploy/turnserver.conf'), 'utf8');
  const swapped = deployed
    .replace(/^listening-port=.*$/m, `listening-port=${port}`)
    .replace(/^tls-listening-port=.*$/m, `tls-listening-port=${port + 1}`)
    .replace(/^static-auth-secret=.*$/m, `static-auth-secret=${SECRET}`)
    .replace(/^realm=.*$/m, `realm=${REALM}`)
    .replace(/^min-port=.*$/m, `min-port=${relayPorts[0]}`)
    .replace(/^max-port=.*$/m, `max-port=${relayPorts[1]}`);
  // Loopback only (coturn refuses loopback peers unless allow-loopback-peers, never set in a
  // deployment), no TLS (no certificate here), its files in the run's folder.
  const local = ['listening-ip=127.0.0.1', 'relay-ip=127.0.0.1', 'allowed-peer-ip=127.0.0.1', 'allow-loopback-peers', 'no-tls', 'no-dtls', `pidfile=${dir}/turnserver.pid`, `userdb=${dir}/turndb`];
  const file = path.join(dir, 'turnserver.conf');
  writeFileSync(file, `${swapped}\n${local.join('\n')}\n`);
  return file;
}

async function waitListening(child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`turnserver exited (${child.exitCode}):\n${output()}`);
    if (output().includes('Total General servers')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`turnserver did not start:\n${output()}`);
}

describe.each(targets)('the relay with a real $name', () => {
  let dir: string;
  let child: ChildProcess;
  let port: number;
  let s: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bt-coturn-'));
    port = await freePort();
    const relayBase = 40_000 + (port % 20_000);
    child = spawn('turnserver', ['-c', testConfig(dir, port, [relayBase, relayBase + 50])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    await waitListening(child, () => log);
    s = await startTestServer({ relay: { secret: SECRET, urls: [`turn:127.0.0.1:${port}?transport=udp`], ttlSeconds: 600 } });
  });
  afterAll(async () => {
    await s?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const credentials = async () => {
    const m = await s.signUpMember();
    const r = await s.call('GET', CALL_PATHS.relay, { token: m.token });
    return r.body.data.iceServers[0] as { username: string; credential: string };
  };

  it("allocates a relay with the API's credentials and refuses relaying to private addresses", async () => {
    const { username, credential } = await credentials();
    const turn = await turnSession('127.0.0.1', port, username, credential);
    try {
      const allocated = await turn.allocate();
      expect(allocated.errorCode).toBeUndefined();
      expect(allocated.ok).toBe(true);
      expect(allocated.attrs.has(TURN_ATTR.relayed)).toBe(true);
      // The one range this run allows (allowed-peer-ip) is let through…
      const loopback = await turn.permission('127.0.0.1');
      expect(loopback.errorCode).toBeUndefined();
      expect(loopback.ok).toBe(true);
      // …the networks the relay sits in are not (denied-peer-ip): no packet is sent.
      const privates = ['10.1.2.3', '192.168.1.1', '172.16.0.1', '169.254.169.254', '100.64.0.1'];
      const answers: Record<string, number | undefined> = {};
      for (const ip of privates) answers[ip] = (await turn.permission(ip)).errorCode;
      expect(answers).toEqual(Object.fromEntries(privates.map((ip) => [ip, 403])));
    } finally {
      await turn.close();
    }
  });

  it('refuses a password made with another secret, and a username past its expiry', async () => {
    const { username } = await credentials();
    const wrong = await turnSession('127.0.0.1', port, username, createHmac('sha1', 'not-the-secret').update(username).digest('base64'));
    try {
      expect((await wrong.allocate()).errorCode).toBe(401);
    } finally {
      await wrong.close();
    }
    const [, code] = username.split(':');
    const past = `${Math.floor(Date.now() / 1000) - 60}:${code}`;
    const expired = await turnSession('127.0.0.1', port, past, createHmac('sha1', SECRET).update(past).digest('base64'));
    try {
      expect((await expired.allocate()).errorCode).toBe(401);
    } finally {
      await expired.close();
    }
  });
});
