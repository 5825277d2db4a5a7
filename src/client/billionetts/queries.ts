/**
 * Live reads of the connection lists (DESIGN.md: the UI reads only Dexie): one
 * mirrored page with its cards, the reference page, the state of the member's
 * queued friend writes per member, and the professions master list.
 */
import { useLiveQuery } from '../store/live-query';
import type { Profession } from '../../contract/masters';
import { targets } from '../../contract/targets';
import { FRIEND_WRITE_KINDS, type FriendWriteKind } from '../store/appliers/friend-kinds';
import { memberDb, type ListPageRow, type OutboxItem, type PersonRow, type ReferenceRow } from '../store/db';
import type { FriendListKind } from '../store/friend-pages';
import { writeStatesBy, type WriteStateOf } from '../store/write-states';
import { pageKey } from '../store/pages';

export type ListPage<T> = { page: ListPageRow | undefined; rows: T[] };

/** A page of member cards; undefined while IndexedDB is read. Codes whose card is missing are skipped. */
export function useCardPage(me: string, kind: FriendListKind, owner: string, params: string, pageNo: number) {
  return useLiveQuery(async (): Promise<ListPage<PersonRow>> => {
    const db = memberDb(me);
    const page = await db.listPages.get(pageKey(kind, owner, params, pageNo));
    const people = page ? await db.people.bulkGet(page.codes) : [];
    return { page, rows: people.filter((p): p is PersonRow => p !== undefined) };
  }, [me, kind, owner, params, pageNo]);
}

export function useReferencePage(me: string, pageNo: number) {
  return useLiveQuery(async (): Promise<ListPage<ReferenceRow>> => {
    const db = memberDb(me);
    const page = await db.listPages.get(pageKey('references', me, '', pageNo));
    const rows = page ? await db.references.bulkGet(page.codes) : [];
    return { page, rows: rows.filter((r): r is ReferenceRow => r !== undefined) };
  }, [me, pageNo]);
}

/** Where a member's latest unsent friend write stands: waiting, or refused with the server's words. */
export type FriendWriteState = WriteStateOf<FriendWriteKind>;

const isFriendWrite = (item: OutboxItem): item is OutboxItem & { kind: FriendWriteKind } =>
  (FRIEND_WRITE_KINDS as readonly string[]).includes(item.kind);

/** The member's queued friend writes, oldest first. */
export function useFriendWrites(me: string): (OutboxItem & { kind: FriendWriteKind })[] | undefined {
  return useLiveQuery(async () => {
    const items = await memberDb(me).outbox.where('target').equals(targets.friends(me)).sortBy('id');
    return items.filter(isFriendWrite);
  }, [me]);
}

/** friendCode → the state of the writes about that member (a refused one wins: it needs a decision). */
export const writeStates = (items: (OutboxItem & { kind: FriendWriteKind })[] | undefined): Map<string, FriendWriteState> => writeStatesBy(items, 'friendCode');

export function useProfessionList(me: string): Profession[] {
  return (
    useLiveQuery(async () => {
      const row = await memberDb(me).masters.get('professions');
      return row?.name === 'professions' ? row.rows : [];
    }, [me], [])
  );
}

/** A member's gender from what the device knows of them (for the privacy picture). */
export function useKnownGender(me: string, userCode: string): string | undefined {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    const profile = await db.profiles.get(userCode);
    if (profile) return profile.gender;
    return (await db.people.get(userCode))?.gender;
  }, [me, userCode]);
}
