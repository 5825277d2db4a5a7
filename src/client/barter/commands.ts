/**
 * Barter's calls and local writes for the screens: the worker's online calls (the services
 * picker, a picture, save, remove) answering a CallResult even when the worker fails, and
 * the member's filter choice kept in Dexie (`drafts`), so the grid opens with it, offline too.
 */
import { proxy } from 'comlink';
import type { ServiceKind } from '../../contract/barter';
import type { MediaUpload } from '../../contract/media';
import type { BarterFilters, ServiceSave } from '../store/barter-pages';
import { memberDb } from '../store/db';
import type { CallResult } from '../sync/api';
import { sync } from '../sync/client';

export const FILTERS_DRAFT_KEY = 'barter.filters';

const failed = (error: unknown): CallResult<never> => ({
  ok: false,
  status: 0,
  message: error instanceof Error ? error.message : 'The sync worker failed.',
});

export const searchServiceKinds = (text: string): Promise<CallResult<ServiceKind[]>> => sync.searchServiceKinds(text).catch(failed);
/** `onProgress` crosses to the worker as a Comlink proxy (a function cannot be copied). */
export const uploadServicePicture = (file: Blob, name: string, key: string, onProgress?: (fraction: number) => void): Promise<CallResult<MediaUpload>> =>
  sync.uploadServicePicture(file, name, key, onProgress ? proxy(onProgress) : undefined).catch(failed);
export const saveService = (save: ServiceSave): Promise<CallResult<{ code: string }>> => sync.saveService(save).catch(failed);
export const deleteService = (code: string): Promise<CallResult> => sync.deleteService(code, crypto.randomUUID()).catch(failed);

export async function keepFilters(me: string, filters: BarterFilters): Promise<void> {
  await memberDb(me).drafts.put({ key: FILTERS_DRAFT_KEY, value: filters, updatedAt: Date.now() });
}
