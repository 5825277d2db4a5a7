/**
 * A page's first queued write, before the outbox's code has loaded (store/enqueue.ts loads it
 * lazily). A telex message and an entry are written with other rows in one Dexie transaction;
 * an import awaited inside that transaction would let IndexedDB commit it early (Dexie's
 * PrematureCommitError): the row would show, the outbox item would be missing or the worker
 * never nudged, and the write would stay pending for good. Each test starts from a fresh
 * module registry, so the outbox's code is not loaded yet, as on a page just opened.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const kicks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/client/sync/client', () => ({ sync: { kick: async () => void (kicks.count += 1) } }));

const ME = 'u-first-write';
const PEER = 'u-peer';

beforeEach(() => {
  vi.resetModules();
  kicks.count = 0;
});

describe("a page's first queued write", () => {
  it('a telex message: its row, its outbox item and the nudge, the draft gone', async () => {
    const { memberDb } = await import('../../src/client/store/db');
    const { sendTelex } = await import('../../src/client/telex/commands');
    const { draftKey } = await import('../../src/client/telex/queries');
    const db = memberDb(ME);
    await db.drafts.put({ key: draftKey(PEER), value: 'Hello', updatedAt: Date.now() });

    await expect(sendTelex(ME, PEER, 'Hello')).resolves.toBe(true);

    const items = await db.outbox.toArray();
    expect(items.map((i) => i.kind)).toEqual(['telex.send']);
    expect((await db.chatMessages.toArray()).map((m) => [m.body, m.status])).toEqual([['Hello', 'pending']]);
    expect(await db.drafts.get(draftKey(PEER))).toBeUndefined();
    expect(kicks.count).toBe(1);
  });

  it('an entry: its card and its outbox item, the draft gone', async () => {
    const { memberDb } = await import('../../src/client/store/db');
    const { createEntry, targetKey } = await import('../../src/client/composer/commands');
    const { emptyForm } = await import('../../src/client/composer/form');
    const { composerDraftKey } = await import('../../src/client/composer/queries');
    const db = memberDb(`${ME}-entry`);
    await db.drafts.put({ key: composerDraftKey(targetKey({ kind: 'own' })), value: 'Draft', updatedAt: Date.now() });

    const code = await createEntry(`${ME}-entry`, { kind: 'own' }, { ...emptyForm(), description: 'First words' }, []);

    expect((await db.outbox.toArray()).map((i) => i.kind)).toEqual(['entry.create']);
    expect((await db.posts.get(code))?._sync).toBe('pending');
    expect(await db.drafts.get(composerDraftKey(targetKey({ kind: 'own' })))).toBeUndefined();
    expect(kicks.count).toBe(1);
  });
});
