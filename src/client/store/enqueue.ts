/**
 * Queue a write from the page (outbox.ts enqueue), with the outbox's code loaded when first
 * needed. It holds every write kind's payload schema (contract/mutations.ts) and applier —
 * most of the contract's zod schemas — and no screen needs them to draw. Imported by the
 * screens, they were built as home's first screen evaluated: ~65 ms of one task at 4× CPU
 * (Lighthouse's phone), 135 KB of the member chunk's script. For the same reason the
 * contract's first-screen constants live apart from its schemas (codes.ts, entry-messages.ts,
 * media-files.ts, geo-paths.ts, bulletin-text.ts).
 */
import { Dexie } from 'dexie';
import type { MutationKind, MutationPayload } from '../../contract/mutations';
import type { MemberDb } from './db';

type Outbox = typeof import('./outbox');
let outbox: Promise<Outbox> | undefined;
// A load that failed is forgotten, so the next write asks again. A deploy may have replaced the
// page's code on the server, or the page may be reloading under the import.
const load = () =>
  (outbox ??= import('./outbox').catch((error: unknown) => {
    outbox = undefined;
    throw error;
  }));

/**
 * Loads the outbox's code at the member's first input (a key, a focus, a mouse or pen press, a
 * tap): before the write it may lead to, not while the screen opens. A touch that starts a
 * scroll loads nothing (a long task then would stall the scroll); its tap's click does.
 * Answers a cancel.
 */
export function preloadOutboxOnFirstInput(target: EventTarget = window): () => void {
  const events = ['keydown', 'focusin', 'pointerdown', 'click'] as const;
  const stop = () => events.forEach((type) => target.removeEventListener(type, onInput, true));
  function onInput(event: Event) {
    if (event.type === 'pointerdown' && (event as PointerEvent).pointerType === 'touch') return;
    stop();
    // Only a preload: when it fails, the write that needs the code loads it again (and says so if it cannot).
    load().catch(() => undefined);
  }
  events.forEach((type) => target.addEventListener(type, onInput, { capture: true, passive: true }));
  return stop;
}

/** Queues one write: its outbox item and its optimistic change, in a transaction of their own. */
export async function enqueue<K extends MutationKind>(db: MemberDb, kind: K, payload: MutationPayload<K>): Promise<string> {
  // Inside a caller's transaction the load below could outlive it on a page's first write
  // (see queueWith); refused every time, so a test finds the mistake, not a member.
  if (Dexie.currentTransaction) throw new Error(`enqueue(${kind}) inside a transaction: use queueWith.`);
  return (await load()).enqueue(db, kind, payload);
}

/**
 * One Dexie transaction holding a queued write and other rows (the draft it ends, the files it
 * carries). The outbox's code is loaded before the transaction opens: an import awaited inside
 * one spans tasks, and IndexedDB commits a transaction with no request pending at the end of a
 * task (Dexie's PrematureCommitError). A page's first write would stay pending for good.
 */
export async function queueWith<T>(db: MemberDb, write: (enqueue: Outbox['enqueue']) => Promise<T>): Promise<T> {
  const { enqueue: enqueueNow } = await load();
  // An async scope: Dexie follows native awaits only inside one (it looks at the function's kind).
  return db.transaction('rw', db.tables, async () => write(enqueueNow));
}
