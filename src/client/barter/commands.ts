/**
 * Barter's calls and local writes for the screens: the worker's online calls (a picture,
 * save, remove) answering a CallResult even when the worker fails, and
 * the member's filter choice kept in Dexie (`drafts`), so the grid opens with it, offline too.
 */
import { proxy } from 'comlink';
import type { MediaUpload } from '../../contract/media';
import type { BarterFilters, ServiceSave } from '../store/barter-pages';
import type { MutationPayload } from '../../contract/mutations';
import { memberDb } from '../store/db';
import { enqueue } from '../store/enqueue';
import type { CallResult } from '../sync/api';
import { pullPage, sync } from '../sync/client';

export const FILTERS_DRAFT_KEY = 'barter.filters';

const failed = (error: unknown): CallResult<never> => ({
  ok: false,
  status: 0,
  message: error instanceof Error ? error.message : 'The sync worker failed.',
});

/** `onProgress` crosses to the worker as a Comlink proxy (a function cannot be copied). */
export const uploadServicePicture = (file: Blob, name: string, key: string, onProgress?: (fraction: number) => void): Promise<CallResult<MediaUpload>> =>
  sync.uploadServicePicture(file, name, key, onProgress ? proxy(onProgress) : undefined).catch(failed);
export const saveService = (save: ServiceSave): Promise<CallResult<{ code: string }>> => sync.saveService(save).catch(failed);
/** The telex billionetts list, which decides whether a listing offers a Telex to its poster. */
export const pullBillionetts = (): Promise<void> => pullPage({ kind: 'chatFriends' }).then(() => undefined, () => undefined);
export const deleteService = (code: string): Promise<CallResult> => sync.deleteService(code, crypto.randomUUID()).catch(failed);

const nudge = () => void sync.kick().catch(() => undefined);

/** The Add New Service form as the member left it (create mode only): kept as they type. */
export const DRAFT_KEY = 'barter.draft';
export type BarterDraft = { code: string; values: unknown };

export async function keepDraft(me: string, draft: BarterDraft): Promise<void> {
  await memberDb(me).drafts.put({ key: DRAFT_KEY, value: draft, updatedAt: Date.now() });
}

/** The draft goes; `dropPictures`: its pictures picked offline too (the form was closed unsaved). */
export async function clearDraft(me: string, dropPictures?: string): Promise<void> {
  const db = memberDb(me);
  await db.drafts.delete(DRAFT_KEY);
  if (dropPictures) await db.mediaBlobs.where('owner').equals(dropPictures).delete();
}

/** A picture picked offline: its bytes kept on the device, named `blob:<id>` until the worker uploads it. */
export async function keepPicture(me: string, owner: string, file: File): Promise<string> {
  const id = crypto.randomUUID();
  await memberDb(me).mediaBlobs.put({ id, owner, name: file.name, type: file.type, blob: file });
  return `blob:${id}`;
}

export async function dropPicture(me: string, blobId: string): Promise<void> {
  await memberDb(me).mediaBlobs.delete(blobId);
}

/** A new listing queued (offline, or with pictures still on the device): delivered once, pending on its card. */
export async function queueService(me: string, payload: MutationPayload<'barter.create'>): Promise<void> {
  await enqueue(memberDb(me), 'barter.create', payload);
  nudge();
}

export const retryWrite = (id: string) => sync.retry(id).catch(() => undefined);
export const discardWrite = (id: string) => sync.discard(id).catch(() => undefined);

export async function keepFilters(me: string, filters: BarterFilters): Promise<void> {
  await memberDb(me).drafts.put({ key: FILTERS_DRAFT_KEY, value: filters, updatedAt: Date.now() });
}
