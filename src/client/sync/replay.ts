/**
 * The outbox loop (DESIGN.md "Writes and the outbox").
 *
 * A pass walks the items in id order (UUIDv7 = creation order). Items of one target
 * go strictly in order: once an item of a target fails or must wait, the target's
 * later items wait too, while other targets carry on. Each item is sent as its
 * kind's `method path body` with `Idempotency-Key: <item.id>`, so however often an
 * answer is lost and the item resent, the server applies it once.
 * - 2xx: the item goes, the server's row replaces the optimistic one (completeItem).
 * - network error, 408, 429, 5xx: kept; the loop pauses 250 ms doubling to 10 s,
 *   reset by a delivery, the `online` event and kick().
 * - 401: the session is over (context.ts clears it); the outbox and the member's
 *   database stay for their next sign-in; the loop stops.
 * - other 4xx: the item is marked failed with the server's words and waits for
 *   Retry or Discard; never dropped silently.
 * Batches (batch.ts, docs/decisions/0003-outbox-batches.md): when two or more items may go
 * now, up to 50 of them travel in one POST /batch, each still with its own key and its
 * own answer; the server runs them in order and stops at the first non-2xx, so the rules
 * above hold item by item, and the delivered ones are completed in one transaction —
 * while the next batch travels when all of a batch was applied (LocalWrites below).
 * A lone item, a socket kind or a kind with a prepare step goes as its own request.
 * A kind may declare `transport: 'socket'` (telex messages): it is handed to the
 * `socket` door instead, which answers in the same terms (ack = ok, error frame =
 * rejected, no connection or no ack in time = retryable), so the rules above hold.
 */
import { BACKOFF_CAP_MS, BACKOFF_START_MS } from '../../contract/codes';
import { mutations } from '../../contract/mutations';
import { backoffDelay } from '../../lib/backoff';
import type { OutboxItem } from '../store/db';
import type { HttpFailure, HttpOk, HttpResult } from './http';
import { completeItem, completeItems, failItem, noteAttempt, noteAttempts, queuedItems } from '../store/outbox';
import { batchEntry, fits, sendBatch, type Batchable } from './batch';
import { authed, type Member, type SyncContext } from './context';
import type { Leader } from './leader';
import type { Prepared, PrepareStep } from './entry-media';

type Sent = 'delivered' | 'retry' | 'offline' | 'failed' | 'stop';
type PassOutcome = 'idle' | 'progress' | 'retry' | 'stop';

export type Replayer = {
  /** Replay now: resets the backoff, wakes a paused loop, starts one if none runs. */
  kick(): void;
  /** Stop after the request in flight (sign-out, checkout). */
  stop(): void;
  replaying(): boolean;
  /** Resolves when the current run ends (tests; a run in backoff ends only on success or stop). */
  settled(): Promise<void>;
  /**
   * The pass sending the outbox now (or woken to), to wait for; null while none is under
   * way (idle, or paused in a backoff: nothing is being sent then).
   */
  sending(): Promise<void> | null;
};

export type ReplayDeps = {
  ctx: SyncContext;
  /** Re-read who is signed in (another tab may have signed out or in). */
  refresh(): Promise<Member | null>;
  sleep(ms: number): Promise<void>;
  leader: Leader;
  /** Delivers an item of a `transport: 'socket'` kind (socket.ts); absent: such items wait. */
  socket?: (member: Member, item: OutboxItem) => Promise<HttpResult<unknown>>;
  /**
   * Per-kind steps run before an item is sent (entry-media.ts: an entry's files are
   * uploaded first). A failure answers like the send would, so the item stays queued.
   */
  prepare?: Partial<Record<string, PrepareStep>>;
  /** Told of every item the server applied, after its row is written (utilization.ts re-reads storage use). */
  delivered?: (member: Member, item: OutboxItem) => void;
};

const NO_SOCKET: HttpResult<unknown> = { kind: 'retryable', status: 0, message: 'Not connected.', offline: false };
const MISSING: HttpFailure = { kind: 'retryable', status: 0, message: 'Something went wrong!', offline: false };

/**
 * The member's database writes of one pass, kept in send order. A batch whose items were all
 * applied has its answers written (completeItems) while the next batch travels: the server has
 * applied it already, and the gap between two batches was that write (~100 ms in Chromium with
 * the CPU halved; tests/bench/outbox-drain-browser.ts). Anything else waits for them first.
 */
type LocalWrites = { queue(write: () => Promise<void>): void; done(): Promise<void> };

function localWrites(): LocalWrites {
  let chain: Promise<void> = Promise.resolve();
  return {
    queue(write) {
      chain = chain.then(write);
      // Handled here so a failed write is not reported as unhandled before done() is awaited;
      // done() still rejects with it, and then no later write of the chain runs.
      chain.catch(() => undefined);
    },
    done: () => chain,
  };
}

export function createReplayer(deps: ReplayDeps): Replayer {
  const { ctx } = deps;
  let run: Promise<void> | null = null;
  let again = false;
  let attempt = 0;
  let generation = 0;
  let wake: (() => void) | null = null;
  let withdraw = new AbortController();
  // The pass under way, for sending(): opened when the loop wakes to a pass, closed after it.
  let passing: Promise<void> | null = null;
  let passed: (() => void) | null = null;
  const openPass = () => {
    passing ??= new Promise<void>((resolve) => (passed = resolve));
  };
  const closePass = () => {
    passed?.();
    passing = null;
    passed = null;
  };
  // Kinds with a prepare step go alone: their request is only known after the step.
  const preparedKinds = new Set(Object.keys(deps.prepare ?? {}));

  async function send(member: Member, item: OutboxItem): Promise<Sent> {
    const def = mutations[item.kind];
    if (!def) {
      // An item written by another version of the app: keep it visible, never guess.
      await failItem(member.db, item, { status: 0, message: `Unknown write "${item.kind}".` });
      return 'failed';
    }
    const prepared: Prepared = (await deps.prepare?.[item.kind]?.(ctx, member, item)) ?? { kind: 'ready', payload: item.payload };
    const payload = (prepared.kind === 'ready' ? prepared.payload : undefined) as never;
    const result: HttpResult<unknown> =
      prepared.kind !== 'ready'
        ? prepared
        : def.transport === 'socket'
        ? await (deps.socket?.(member, item) ?? NO_SOCKET)
        : await authed(ctx, member, def.path(payload), {
            method: def.method,
            body: def.body(payload),
            idempotencyKey: item.id,
          });
    if (result.kind === 'ok') {
      await completeItem(member.db, item, result.body.data);
      deps.delivered?.(member, item);
      return 'delivered';
    }
    return settleFailure(member, item, result);
  }

  /** An item the server did not apply: refused (kept, failed), to retry, or the session is over. */
  async function settleFailure(member: Member, item: OutboxItem, result: HttpFailure): Promise<Sent> {
    switch (result.kind) {
      case 'rejected': {
        const error = result.errors
          ? { status: result.status, message: result.message, errors: result.errors }
          : { status: result.status, message: result.message };
        await failItem(member.db, item, error);
        return 'failed';
      }
      case 'retryable':
        await noteAttempt(member.db, item);
        return result.offline ? 'offline' : 'retry';
      case 'unauthorized':
        return 'stop';
    }
  }

  /**
   * A run of batchable items in one request (batch.ts). The answered 2xx prefix is
   * completed in one transaction; the first other answer is settled like a lone send;
   * items after it were not run and stay queued (the pass takes them again unless
   * their target is now held). 'unsupported': the server refused the batch itself.
   */
  async function sendRun(member: Member, batch: Batchable[], local: LocalWrites): Promise<[OutboxItem, Sent][] | 'unsupported'> {
    const outcome = await sendBatch(ctx, member, batch);
    if (outcome.kind === 'whole') {
      await local.done();
      const { result } = outcome;
      if (result.kind === 'unauthorized') return [[batch[0]!.item, 'stop']];
      if (result.kind === 'rejected') return 'unsupported';
      // Unanswered (network, 5xx, unreadable): any item may or may not have run, which its
      // key makes harmless; each target's first item waits, so its later ones wait too.
      const firsts: OutboxItem[] = [];
      for (const { item } of batch) if (!firsts.some((f) => f.target === item.target)) firsts.push(item);
      await noteAttempts(member.db, firsts);
      return firsts.map((item) => [item, result.offline ? 'offline' : 'retry']);
    }
    const { results } = outcome;
    const firstFailure = results.findIndex((r) => r.kind !== 'ok');
    const delivered = batch.slice(0, firstFailure === -1 ? results.length : firstFailure);
    const complete = async () => {
      await completeItems(
        member.db,
        delivered.map((b, i) => ({ item: b.item, data: (results[i] as HttpOk<unknown>).body.data })),
      );
      for (const b of delivered) deps.delivered?.(member, b.item);
    };
    const sent: [OutboxItem, Sent][] = delivered.map((b) => [b.item, 'delivered']);
    const stopped = batch[delivered.length];
    if (!stopped) {
      // All applied: their answers are written while the next run travels.
      local.queue(complete);
      return sent;
    }
    await local.done();
    await complete();
    const answer = results[delivered.length];
    // No answer for an item although none failed before it: a server that ran less than
    // it says; the item waits for the next try rather than being resent in a tight loop.
    const failure = answer && answer.kind !== 'ok' ? answer : MISSING;
    // The account changed under the batch (password reset mid-run): end the session as a
    // lone request's 401 would (context.ts authed), unless a newer sign-in replaced it.
    if (failure.kind === 'unauthorized' && ctx.member()?.session.accessToken === member.session.accessToken) {
      await ctx.sessionEnded();
    }
    sent.push([stopped.item, await settleFailure(member, stopped.item, failure)]);
    return sent;
  }

  /**
   * The next thing to send: the first item in id order that may go now, alone, or with
   * it the following batchable items (of any target) up to the batch limits. A run never
   * passes an item that must go alone, so every target's items still go in order.
   */
  function nextRun(queue: readonly OutboxItem[], held: Set<string>, handled: Set<string>, batching: boolean): Batchable[] | OutboxItem | null {
    const batch: Batchable[] = [];
    for (const item of queue) {
      if (handled.has(item.id) || held.has(item.target)) continue;
      if (item.status === 'failed') {
        held.add(item.target);
        continue;
      }
      const entry = batching ? batchEntry(item, preparedKinds) : null;
      if (!entry) return batch.length > 1 ? batch : (batch[0]?.item ?? item);
      if (!fits(batch, entry)) break;
      batch.push(entry);
    }
    return batch.length > 1 ? batch : (batch[0]?.item ?? null);
  }

  async function pass(member: Member, gen: number): Promise<PassOutcome> {
    const local = localWrites();
    try {
      return await passWith(member, gen, local);
    } finally {
      // Every answer received is written before the pass ends (or fails, if writing did).
      await local.done();
    }
  }

  async function passWith(member: Member, gen: number, local: LocalWrites): Promise<PassOutcome> {
    const held = new Set<string>();
    // Items this pass delivered, failed or left waiting: not taken again.
    const handled = new Set<string>();
    let delivered = false;
    let retry = false;
    let batching = true;
    const queue = await queuedItems(member.db);
    for (;;) {
      if (gen !== generation || ctx.member()?.db !== member.db) return 'stop';
      const next = nextRun(queue, held, handled, batching);
      if (!next) break;
      let outcomes: Awaited<ReturnType<typeof sendRun>>;
      if (Array.isArray(next)) outcomes = await sendRun(member, next, local);
      else {
        // A lone item goes after every answer before it is written (its target may be theirs).
        await local.done();
        outcomes = [[next, await send(member, next)]];
      }
      if (outcomes === 'unsupported') {
        // The server refused the batch request itself: send one by one for the rest of this pass.
        batching = false;
        continue;
      }
      for (const [item, sent] of outcomes) {
        handled.add(item.id);
        if (sent === 'stop') return 'stop';
        // No network at all: the other targets would fail the same way; pause now.
        if (sent === 'offline') return 'retry';
        if (sent === 'delivered') delivered = true;
        else held.add(item.target);
        if (sent === 'retry') retry = true;
      }
    }
    if (delivered) attempt = 0;
    if (retry) return 'retry';
    return delivered ? 'progress' : 'idle';
  }

  /** Sleep the backoff, or less if kick() or `online` wakes us. */
  function pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      wake = resolve;
      void deps.sleep(ms).then(resolve);
    }).finally(() => {
      wake = null;
    });
  }

  async function loop(gen: number): Promise<void> {
    for (;;) {
      // Opened in the same turn as the wake (kick, `online`), before a pull asked for just
      // after it can look.
      openPass();
      const member = await deps.refresh();
      if (!member || gen !== generation) return;
      again = false;
      const outcome = await pass(member, gen);
      closePass();
      if (outcome === 'stop' || gen !== generation) return;
      if (outcome === 'retry') {
        await pause(backoffDelay(attempt++, BACKOFF_START_MS, BACKOFF_CAP_MS));
        continue;
      }
      // 'progress': items may have been queued meanwhile; only an empty pass ends the run.
      if (outcome === 'idle' && !again) return;
    }
  }

  function start(): Promise<void> {
    const member = ctx.member();
    if (!member) return Promise.resolve();
    const gen = generation;
    const current = deps
      .leader(member.session.id, () => loop(gen), withdraw.signal)
      .catch((error: unknown) => console.error('outbox replay stopped', error))
      .finally(() => {
        closePass();
        if (run === current) run = null;
        // A kick that came in while the run was finishing (or after a stop) must not be lost.
        if (again) kick();
      });
    run = current;
    return current;
  }

  function kick(): void {
    attempt = 0;
    again = true;
    if (wake) wake();
    else if (!run) void start();
  }

  return {
    kick,
    stop() {
      generation += 1;
      again = false;
      withdraw.abort();
      withdraw = new AbortController();
      wake?.();
    },
    replaying: () => run !== null,
    sending: () => passing,
    async settled() {
      // A run may hand over to a new one (a late kick); wait for the last.
      for (let current = run; current; current = run) await current;
    },
  };
}
