/** The member's bulletins as the screens read them: live Dexie queries only. */
import { useLiveQuery } from '../store/live-query';
import { memberDb, type BulletinRow } from '../store/db';

/** Newest first, the first `limit` mirrored. */
export function useBulletins(me: string, limit: number): BulletinRow[] | undefined {
  // oxlint-disable-next-line unicorn/no-array-reverse -- Dexie's Collection.reverse(), not Array's.
  return useLiveQuery(() => memberDb(me).bulletins.orderBy('createdAt').reverse().limit(limit).toArray(), [me, limit]);
}

/** The unread count the server last said, as local read marks changed it; 0 before any pull. */
export function useBulletinUnread(me: string): number {
  return useLiveQuery(async () => (await memberDb(me).counts.get('bulletins'))?.unread ?? 0, [me], 0);
}

/** How many there are on the server (so the list knows whether 'More' has more). */
export function useBulletinTotal(me: string): number {
  return useLiveQuery(async () => (await memberDb(me).counts.get('bulletins'))?.totalRecords ?? 0, [me], 0);
}

/** Unread telex bulletins mirrored here: they stand for messages the telex count has already. */
export function useUnreadTelexBulletins(me: string): number {
  return useLiveQuery(() => memberDb(me).bulletins.filter((b) => !b.read && b.kind === 'telex').count(), [me], 0);
}

/** Codes of the unread bulletins linking to `href` (comma-joined, so an unchanged set is an unchanged value). */
export function useUnreadAt(me: string, href: string): string {
  return (
    useLiveQuery(
      async () =>
        (
          await memberDb(me)
            .bulletins.filter((b) => !b.read && b.url === href)
            .primaryKeys()
        ).join(','),
      [me, href],
    ) ?? ''
  );
}
