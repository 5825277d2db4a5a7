/**
 * Writes of the composer. Creating an entry is a queued write (DESIGN.md), so it works
 * offline: ONE Dexie transaction holds the optimistic post row (postCode = the
 * client-generated userPostCode, `_sync: 'pending'`), the picked files as blobs
 * (mediaBlobs, owner = that code) and the 'entry.create' outbox item; then a nudge to
 * the worker, whose replay uploads the blobs before it sends the entry
 * (sync/entry-media.ts). The draft (everything but the files) is a plain Dexie row.
 */
import type { MutationPayload } from '../../contract/mutations';
import { uuidv7 } from '../../lib/ids';
import { memberDb } from '../store/db';
import { queueWith } from '../store/enqueue';
import { sync } from '../sync/client';
import { emptyForm, pickGalleries, toEntryForm, type ComposerForm, type ComposerTarget } from './form';
import { composerDraftKey } from './queries';

/** A picked file with its bytes, held by the drawer until submit. */
export type PickedFile = { id: string; blob: Blob };

const POST_TYPE = { own: 'user', suite: 'user', circle: 'group', slate: 'page' } as const;

export const targetKey = (target: ComposerTarget) => (target.kind === 'own' ? 'own' : `${target.kind}:${target.code}`);

/** Queue the entry; answers its userPostCode (the post row's key). */
export async function createEntry(me: string, target: ComposerTarget, form: ComposerForm, files: PickedFile[]): Promise<string> {
  const db = memberDb(me);
  const userPostCode = uuidv7();
  const payload: MutationPayload<'entry.create'> = {
    userCode: me,
    postType: POST_TYPE[target.kind],
    ...(target.kind === 'own' ? {} : { profileCode: target.code }),
    data: toEntryForm(form, userPostCode, pickGalleries(form.picks)),
  };
  await queueWith(db, async (enqueue) => {
    const blobs = new Map(files.map((f) => [f.id, f.blob]));
    await db.mediaBlobs.bulkAdd(
      form.picks.flatMap((p) => {
        const blob = blobs.get(p.id);
        return blob ? [{ id: p.id, owner: userPostCode, name: p.name, type: p.type, blob, progress: 0 }] : [];
      }),
    );
    await enqueue(db, 'entry.create', payload);
    await db.drafts.delete(composerDraftKey(targetKey(target)));
  });
  void sync.kick().catch(() => undefined);
  return userPostCode;
}

/** Keep what the member typed and chose (never the files: blobs stay out of drafts). */
export async function keepDraft(me: string, target: string, form: ComposerForm | null): Promise<void> {
  const db = memberDb(me);
  const key = composerDraftKey(target);
  // A blank form (a fresh or reset composer) keeps no draft.
  if (!form || JSON.stringify({ ...form, picks: [] }) === JSON.stringify(emptyForm())) await db.drafts.delete(key);
  else await db.drafts.put({ key, value: { ...form, picks: [] }, updatedAt: Date.now() });
}

export async function isOnline(): Promise<boolean> {
  const status = await sync.status().catch(() => null);
  return Boolean(status?.online) && navigator.onLine;
}

export const pullFriends = (me: string) => sync.pull({ kind: 'friends', userCode: me, pageNo: 1 }).catch(() => undefined);

