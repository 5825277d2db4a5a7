/**
 * The fault suite's load generator, run in a process of its own (tests/topology/support/load.ts
 * starts it) so its schedule never waits on the test process (Playwright calls, a blocking
 * pg_ctl) and the test process never waits on it.
 *
 * Open loop, as tests/bench/open-load.ts: operation i is due at start + i / rate whatever
 * became of the ones before it. A mix of feed reads (not retried: a read lost is just an
 * error second) and idempotent writes — entries and comments, each with its client code and
 * an Idempotency-Key — resent exactly as the app's outbox resends (src/client/sync/http.ts:
 * no answer, 408, 429 and 5xx retry, with the outbox's backoff, the same key each time; any
 * other 4xx is final). Every attempt's outcome is counted in the second it was sent, and the
 * counts go to the parent each second.
 *
 * Bounded: it sends at most rate × seconds operations and stops by itself after `seconds`,
 * or earlier on the parent's "stop"; then it gives its pending writes `settleMs` to land and
 * reports its ledger. Only ever to the balancer, on its 198.18.0.0/15 address.
 */
import { Agent, request } from 'node:http';
import { v7 as uuidv7 } from 'uuid';
import { API_BASE } from '../../../src/contract/codes';
import { ENTRY_PATHS } from '../../../src/contract/entries';
import { backoffDelay } from '../../../src/lib/backoff';
import type { LoadConfig, LoadMessage, Outcome, WriteRecord } from './load-types';

const config = JSON.parse(process.env.LOAD_CONFIG ?? '{}') as LoadConfig;
const base = new URL(config.balancer);
if (!/^198\.(18|19)\./.test(base.hostname)) throw new Error(`load: ${config.balancer} is not in 198.18.0.0/15`);

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const tell = (m: LoadMessage) => new Promise<void>((resolve) => (process.send ? process.send(m, undefined, {}, () => resolve()) : resolve()));
/** Counts per second sent (epoch seconds), flushed to the parent each second. */
let pending = new Map<number, Partial<Record<Outcome, number>>>();
const writes: WriteRecord[] = [];
/** Set by the parent's "stop" (an object: the send loop reads it between awaits). */
const state = { stopping: false };

function count(sentAt: number, outcome: Outcome): void {
  const second = Math.floor(sentAt / 1000);
  const row = pending.get(second) ?? {};
  row[outcome] = (row[outcome] ?? 0) + 1;
  pending.set(second, row);
}

type Reply = { status: number; retryAfter: boolean; fromHost: boolean; replayed: boolean };

/** One HTTP call; status 0 for no answer (refused, reset, timed out). */
function call(method: string, path: string, token: string, body?: unknown, key?: string): Promise<Reply> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (payload) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  return new Promise((resolve) => {
    const req = request({ agent, hostname: base.hostname, port: base.port || 80, method, path: `${API_BASE}/${path}`, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'] !== undefined,
          // The balancer names the host that answered; an answer of its own names none.
          fromHost: res.headers['x-billionett-host'] !== undefined,
          replayed: res.headers['idempotent-replayed'] === 'true',
        }),
      );
      res.on('error', () => resolve({ status: 0, retryAfter: false, fromHost: false, replayed: false }));
    });
    req.setTimeout(config.requestTimeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, retryAfter: false, fromHost: false, replayed: false }));
    req.end(payload);
  });
}

function outcomeOf(r: Reply): Outcome {
  if (r.status === 0) return 'noAnswer';
  if (r.status < 400) return 'ok';
  if (r.status === 503) return r.retryAfter ? '503retryAfter' : r.fromHost ? '503bare' : '503balancer';
  if (r.status >= 500) return r.status === 500 ? '500' : 'other5xx';
  if (r.status === 408 || r.status === 429) return 'throttled';
  return '4xx';
}

const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

async function read(i: number): Promise<void> {
  const member = config.members[i % config.members.length]!;
  const sentAt = Date.now();
  count(sentAt, outcomeOf(await call('GET', `${ENTRY_PATHS.home}?pageSize=5`, member.token)));
}

/** One logical write, resent with the same key until it lands, is refused, or time is up. */
async function write(i: number, kind: 'entry' | 'comment'): Promise<void> {
  const member = config.members[i % config.members.length]!;
  const code = uuidv7();
  const key = uuidv7();
  const text = `load ${kind} ${i} ${code.slice(-8)}`;
  const record: WriteRecord = { kind, code, text, userCode: member.userCode, state: 'pending', attempts: 0, replayed: false };
  writes.push(record);
  const [path, body] =
    kind === 'entry'
      ? [ENTRY_PATHS.create, { userPostCode: code, featureCode: 5, postDescription: text, privacyCode: 1 }]
      : [ENTRY_PATHS.commentCreate(member.postCode), { commentCode: code, comment: text }];
  while (Date.now() < giveUpAt) {
    const sentAt = Date.now();
    const r = await call('POST', path, member.token, body, key);
    record.attempts += 1;
    count(sentAt, outcomeOf(r));
    if (r.status >= 200 && r.status < 300) {
      record.state = 'ok';
      record.replayed ||= r.replayed;
      return;
    }
    if (!retryable(r.status)) {
      record.state = 'refused';
      record.status = r.status;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, backoffDelay(record.attempts - 1)));
  }
}

/** Of every 10 operations: 6 feed reads, 3 entries, 1 comment. */
const KINDS = ['read', 'entry', 'read', 'read', 'comment', 'read', 'entry', 'read', 'entry', 'read'] as const;

let giveUpAt = Date.now() + config.seconds * 1000 + config.settleMs;
const flush = setInterval(() => {
  const now = Math.floor(Date.now() / 1000);
  // Seconds still open may gain counts; the parent adds them up, so sending early is fine.
  void tell({ type: 'counts', seconds: [...pending.entries()].map(([second, counts]) => ({ second, counts })), now });
  pending = new Map();
}, 1000);

process.on('message', (m: { type?: string }) => {
  if (m?.type === 'stop') state.stopping = true;
});
// The parent gone (a crashed runner): nothing to report to, stop at once.
process.on('disconnect', () => process.exit(0));

const start = performance.now();
const total = Math.round(config.rate * config.seconds);
const inFlight: Promise<void>[] = [];
let sent = 0;
void tell({ type: 'started', at: Date.now() });
while (sent < total && !state.stopping) {
  const now = performance.now();
  while (sent < total && start + (sent * 1000) / config.rate <= now) {
    const kind = KINDS[sent % KINDS.length]!;
    inFlight.push(kind === 'read' ? read(sent) : write(sent, kind));
    sent += 1;
  }
  await new Promise((r) => setTimeout(r, 2));
}
giveUpAt = Math.min(giveUpAt, Date.now() + config.settleMs);
await Promise.all(inFlight);
clearInterval(flush);
await tell({ type: 'counts', seconds: [...pending.entries()].map(([second, counts]) => ({ second, counts })), now: Math.floor(Date.now() / 1000) });
await tell({ type: 'done', writes, sent });
agent.destroy();
process.disconnect?.();
