/**
 * An entry (or a barter listing) written offline keeps its picked files as blobs in Dexie
 * (`mediaBlobs`, owner = the entry's userPostCode / the listing's code) and names them in its
 * payload's postGalleries (serviceGalleries) as `blob:<id>`. The media must be on the server before the entry, so this is the
 * 'entry.create' prepare step of the replay (replay.ts): each pending blob is uploaded
 * (multipart, `Idempotency-Key` = the blob id, so a lost answer never stores it twice),
 * its returned path written into the outbox item's payload at once (a later pass
 * does not upload it again), and only then is the entry sent. If an upload fails the
 * entry is not sent: it stays in the outbox (retry, or failed with the server's words),
 * never half-posted. The blobs go when the entry is delivered (appliers/composer.ts).
 * Progress is written to the blob row, so the composer's thumbnails show it from Dexie.
 */
import { MEDIA_PATHS, mediaUpload } from '../../contract/media';
import type { OutboxItem } from '../store/db';
import { authed, type Member, type SyncContext } from './context';
import type { HttpFailure } from './http';

export const BLOB_PREFIX = 'blob:';
export type Prepared = { kind: 'ready'; payload: unknown } | HttpFailure;
export type PrepareStep = (ctx: SyncContext, member: Member, item: OutboxItem) => Promise<Prepared>;

type Gallery = { path: string; [field: string]: unknown };
/** Where a kind's form lists its files: an entry's postGalleries, a barter listing's serviceGalleries. */
type GalleryField = 'postGalleries' | 'serviceGalleries';
type WithGalleries = Partial<Record<GalleryField, Gallery[]>> & { [field: string]: unknown };

/** The payload's form: 'entry.create' and 'barter.create' wrap it as `data` (mutations.ts withUser style) or is it. */
function formOf(payload: unknown): WithGalleries {
  const p = payload as { data?: WithGalleries } & WithGalleries;
  return p.data && typeof p.data === 'object' ? p.data : p;
}

function withGalleries(payload: unknown, field: GalleryField, galleries: Gallery[]): unknown {
  const p = payload as { data?: WithGalleries } & WithGalleries;
  return p.data && typeof p.data === 'object' ? { ...p, data: { ...p.data, [field]: galleries } } : { ...p, [field]: galleries };
}

/** What an uploaded file becomes in the form: an entry keeps its size and kind; a listing names the path alone. */
function uploaded(field: GalleryField, gallery: Gallery, answer: { path: string; width: number; height: number; mediaType: string }): Gallery {
  if (field === 'serviceGalleries') return { path: answer.path };
  return { ...gallery, path: answer.path, width: answer.width, height: answer.height, mediaType: answer.mediaType };
}

/** Whether a write carries files (an entry's or a listing's pictures): storage use changed once it is delivered. */
export function carriesFiles(item: OutboxItem): boolean {
  const form = formOf(item.payload);
  return (form.postGalleries?.length ?? 0) > 0 || (form.serviceGalleries?.length ?? 0) > 0;
}

export const prepareEntryMedia: PrepareStep = (ctx, member, item) => prepareGalleries('postGalleries')(ctx, member, item);

export const prepareGalleries = (field: GalleryField): PrepareStep => async (ctx, member, item) => {
  const { db } = member;
  let payload = item.payload;
  const galleries = [...(formOf(payload)[field] ?? [])];
  for (const [i, gallery] of galleries.entries()) {
    if (!gallery.path.startsWith(BLOB_PREFIX)) continue;
    const id = gallery.path.slice(BLOB_PREFIX.length);
    const row = await db.mediaBlobs.get(id);
    if (!row) return { kind: 'rejected', status: 0, message: 'A picked file of this entry is missing on this device.' };
    const form = new FormData();
    form.set('file', row.blob, row.name);
    let shown = 0;
    const onProgress = (fraction: number) => {
      // A row write per 10%: enough for a bar, cheap for IndexedDB.
      if (fraction - shown < 0.1 && fraction < 1) return;
      shown = fraction;
      void db.mediaBlobs.update(id, { progress: fraction });
    };
    const result = await authed<unknown>(ctx, member, MEDIA_PATHS.upload, {
      method: 'POST',
      form,
      idempotencyKey: id,
      onProgress,
    });
    if (result.kind !== 'ok') {
      await db.mediaBlobs.update(id, { progress: 0 });
      return result;
    }
    const answer = mediaUpload.parse(result.body.data);
    galleries[i] = uploaded(field, gallery, answer);
    payload = withGalleries(payload, field, galleries);
    // Written at once: a crash or a failed entry send never uploads this file again.
    await db.transaction('rw', db.outbox, db.mediaBlobs, async () => {
      if (await db.outbox.get(item.id)) await db.outbox.update(item.id, { payload });
      await db.mediaBlobs.update(id, { progress: 1, path: answer.path });
    });
  }
  return { kind: 'ready', payload };
};
