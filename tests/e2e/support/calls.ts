/**
 * The calls suite's own server (its own PORT and DATA_DIR, as telex.e2e.ts does) with the
 * relay configured (TURN_URLS, TURN_SECRET of a real coturn) and a short ring (CALL_RING_MS),
 * a browser with fake camera and microphone, and the page-side reads a call test needs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../../support/chaos';
import { DEMO_PASSWORD } from '../../support/demo';
import { CHROMIUM_ARGS } from './browser';
import { watchPageErrors } from './page-errors';
import type { Coturn } from './coturn';

export type CallsServer = { baseUrl: string; stop(): Promise<void> };

export async function startCallsServer(turn: Coturn, ringMs: number): Promise<CallsServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'billionett-calls-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEV_TOOLS: '1',
    DEMO_PASSWORD,
    TURN_URLS: turn.url,
    TURN_SECRET: turn.secret,
    CALL_RING_MS: String(ringMs),
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'scripts/start.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`calls server exited early with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('calls server not healthy');
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    async stop() {
      if (child.pid && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium with a fake camera and microphone (a test pattern and a tone), asked nothing. */
export async function launchWithFakeMedia(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  });
  return watchPageErrors(browser);
}

/** A context whose pages hold their calls relay-only and show the peer connection (decision 0078's test hook). */
export async function callContext(browser: Browser, baseURL: string, phone: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 } });
  await context.grantPermissions(['microphone', 'camera'], { origin: baseURL });
  // about:blank, where every page starts, has no storage: only the app's origin is told.
  await context.addInitScript((origin) => {
    if (location.origin === origin) localStorage.setItem('billionett:call-relay-only', '1');
  }, new URL(baseURL).origin);
  return context;
}

export type MediaPath = { relayed: boolean; localType: string; remoteType: string; bytesReceived: number; state: string };

/** The selected candidate pair of the page's call and the bytes it has received. */
export function mediaPath(page: Page): Promise<MediaPath | null> {
  return page.evaluate(async () => {
    const pc = (window as { __billionettCall?: { pc?: RTCPeerConnection } }).__billionettCall?.pc;
    if (!pc) return null;
    const stats = await pc.getStats();
    let pairId: string | undefined;
    stats.forEach((s: { type: string; selectedCandidatePairId?: string }) => {
      if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
    });
    const pair = pairId ? (stats.get(pairId) as RTCIceCandidatePairStats & { bytesReceived?: number }) : undefined;
    if (!pair) return { relayed: false, localType: '', remoteType: '', bytesReceived: 0, state: pc.connectionState };
    const local = stats.get(pair.localCandidateId) as { candidateType: string };
    const remote = stats.get(pair.remoteCandidateId) as { candidateType: string };
    return {
      relayed: local.candidateType === 'relay' && remote.candidateType === 'relay',
      localType: local.candidateType,
      remoteType: remote.candidateType,
      bytesReceived: pair.bytesReceived ?? 0,
      state: pc.connectionState,
    };
  });
}

/** Every byte the page's call has received as media (all inbound streams: an ICE restart's new pair starts at 0, these do not). */
export function inboundBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const pc = (window as { __billionettCall?: { pc?: RTCPeerConnection } }).__billionettCall?.pc;
    if (!pc) return 0;
    let bytes = 0;
    (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number }) => {
      if (s.type === 'inbound-rtp') bytes += s.bytesReceived ?? 0;
    });
    return bytes;
  });
}

/** The ICE username fragment of the page's call, both ends (an ICE restart changes them). */
export function iceUfrags(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pc = (window as { __billionettCall?: { pc?: RTCPeerConnection } }).__billionettCall?.pc;
    const ufrag = (sdp: string | undefined) => /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1] ?? '';
    return `${ufrag(pc?.localDescription?.sdp)}/${ufrag(pc?.remoteDescription?.sdp)}`;
  });
}
