/**
 * One build of the export job (plugins/data-exports.ts): claim the oldest queued export,
 * gather the member's data, store it and mark it ready with its bulletin in one transaction
 * (the member hears of it only if it is there to download).
 */
import type { Db } from '../../db/client';
import { writeBulletin } from '../bulletins/create';
import { gatherMedia, gatherSnapshot } from './gather';
import { claimExport, failExport, finishExport } from './repo';

/** Where the bulletin leads: the screen that shows the export and mints its link. */
export const DATA_EXPORT_SCREEN = '/settings/data';

/** `error`: the build failed and its export is marked failed (the member may ask again). */
export type Built = { id: number; userId: number; ready: boolean; error?: unknown };

/** Null: nothing was waiting. Only a failure to claim throws: a failed build answers its error. */
export async function buildNextExport(db: Db): Promise<Built | null> {
  const claimed = await claimExport(db);
  if (!claimed) return null;
  try {
    const snapshot = await gatherSnapshot(db, claimed.userId);
    const media = await gatherMedia(db, claimed.userId);
    const ready = await db.transaction(async (tx) => {
      if (!(await finishExport(tx, claimed.id, snapshot, media))) return false;
      await writeBulletin(tx, { kind: 'dataExportReady', to: claimed.userId, from: claimed.userId, url: DATA_EXPORT_SCREEN });
      return true;
    });
    return { ...claimed, ready };
  } catch (error) {
    await failExport(db, claimed.id).catch(() => {});
    return { ...claimed, ready: false, error };
  }
}
