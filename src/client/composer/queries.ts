/**
 * Live reads of the composer (DESIGN.md: the UI reads only Dexie): my billionetts for
 * tagging (every mirrored page of my `friends` list), the emojis and privacies master
 * lists, my profile (the preview's header), the saved draft, and the upload progress
 * of an entry's files (written by the worker into their blob rows).
 */
import { useLiveQuery } from '../store/live-query';
import type { Emoji, Privacy } from '../../contract/masters';
import { targets } from '../../contract/targets';
import { memberDb, type MediaBlobRow, type PersonRow, type ProfileRow } from '../store/db';

export const composerDraftKey = (targetKey: string) => `composer:${targetKey}`;

export function useMyBillionetts(me: string): PersonRow[] | undefined {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    const pages = await db.listPages.where('[kind+owner]').equals(['friends', me]).toArray();
    const codes = [...new Set(pages.sort((a, b) => a.pageNo - b.pageNo).flatMap((p) => p.codes))];
    const people = await db.people.bulkGet(codes);
    return people.filter((p): p is PersonRow => p !== undefined);
  }, [me]);
}

export function useEmojis(me: string): Emoji[] | undefined {
  return useLiveQuery(async () => {
    const row = await memberDb(me).masters.get('emojis');
    return row?.name === 'emojis' ? row.rows : [];
  }, [me]);
}

export function usePrivacies(me: string): Privacy[] | undefined {
  return useLiveQuery(async () => {
    const row = await memberDb(me).masters.get('privacies');
    return row?.name === 'privacies' ? row.rows : [];
  }, [me]);
}

export function useMyProfile(me: string): ProfileRow | undefined {
  return useLiveQuery(() => memberDb(me).profiles.get(me), [me]);
}

export function useDraft(me: string, key: string): { value: unknown } | null | undefined {
  return useLiveQuery(async () => {
    const row = await memberDb(me).drafts.get(composerDraftKey(key));
    return row ? { value: row.value } : null;
  }, [me, key]);
}

/** The files of one entry still on this device (owner = its userPostCode), with their progress. */
export function useEntryBlobs(me: string, postCode: string | null): MediaBlobRow[] | undefined {
  return useLiveQuery(
    () => (postCode ? memberDb(me).mediaBlobs.where('owner').equals(postCode).toArray() : []),
    [me, postCode],
  );
}

/** The optimistic post row: gone `_sync` means the server has it; 'failed' carries no row change. */
export function usePostSync(me: string, postCode: string | null): { exists: boolean; sync?: string; error?: string } | undefined {
  return useLiveQuery(async () => {
    if (!postCode) return { exists: false };
    const db = memberDb(me);
    const row = await db.posts.get(postCode);
    const item = await db.outbox.where('target').equals(targets.entry(postCode)).first();
    return { exists: Boolean(row), sync: row?._sync, error: item?.status === 'failed' ? item.error?.message : undefined };
  }, [me, postCode]);
}
