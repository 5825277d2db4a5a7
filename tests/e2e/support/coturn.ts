/**
 * A real coturn for the calls e2e suite: docs/deploy/turnserver.conf with this run's port,
 * secret and files, on loopback with loopback peers allowed — only here: two browsers on
 * one machine relay to each other through 127.0.0.1, which a deployment refuses
 * (denied-peer-ip). The same swap as tests/server/calls-coturn.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/chaos';

export type Coturn = { url: string; secret: string; stop(): Promise<void> };

export async function startCoturn(): Promise<Coturn> {
  const secret = 'e2e-coturn-secret-0123456789';
  const dir = mkdtempSync(path.join(tmpdir(), 'bt-e2e-coturn-'));
  const port = await freePort();
  const relayBase = 40_000 + (port % 20_000);
  const deployed = readFileSync(path.resolve(import.meta.dirname, '../../../docs/deploy/turnserver.conf'), 'utf8');
  const swapped = deployed
    .replace(/^listening-port=.*$/m, `listening-port=${port}`)
    .replace(/^tls-listening-port=.*$/m, `tls-listening-port=${port + 1}`)
    .replace(/^static-auth-secret=.*$/m, `static-auth-secret=${secret}`)
    .replace(/^realm=.*$/m, 'realm=billionett.test')
    .replace(/^min-port=.*$/m, `min-port=${relayBase}`)
    .replace(/^max-port=.*$/m, `max-port=${relayBase + 100}`);
  const local = ['listening-ip=127.0.0.1', 'relay-ip=127.0.0.1', 'allowed-peer-ip=127.0.0.1', 'allow-loopback-peers', 'no-tls', 'no-dtls', `pidfile=${dir}/turnserver.pid`, `userdb=${dir}/turndb`];
  const file = path.join(dir, 'turnserver.conf');
  writeFileSync(file, `${swapped}\n${local.join('\n')}\n`);
  const child: ChildProcess = spawn('turnserver', ['-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const until = Date.now() + 15_000;
  while (!log.includes('Total General servers')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`turnserver did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    async stop() {
      // A test may stop the relay early (a call that cannot connect): stop once.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
