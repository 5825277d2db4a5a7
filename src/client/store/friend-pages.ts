/**
 * The connection lists (spec/product.md §2.9) as mirrored pages (store/pages.ts): which
 * member cards a list page shows, in the server's order. The cards live once in `people`,
 * the references in `references`; a page row holds only their codes.
 */
import type { ListPageRow, MemberDb, PersonRow } from './db';
import { pagesOf } from './pages';

/** The connection lists the device mirrors; `friends` is anyone's, the rest the member's own. */
export type FriendListKind =
  | 'friends'
  | 'friendRequests'
  | 'requestFriends'
  | 'friendSuggestions'
  | 'references'
  | 'friendSearch'
  | 'memberSearch';

export const FRIEND_LIST_KINDS: readonly FriendListKind[] = [
  'friends',
  'friendRequests',
  'requestFriends',
  'friendSuggestions',
  'references',
  'friendSearch',
  'memberSearch',
];

/** Search pages are kept per text as typed, trimmed and lower-cased (the server matches without case). */
export const searchParams = (q: string): string => q.trim().toLowerCase();

/**
 * Cards from a list answer, merged into what the device already knows of each
 * member (another list may have brought more fields, e.g. gender); sync marks of
 * an unsent write are redrawn by the rebase that follows every mirror write.
 */
export async function mergePeople(db: MemberDb, cards: PersonRow[]): Promise<void> {
  if (cards.length === 0) return;
  const known = await db.people.bulkGet(cards.map((c) => c.userCode));
  await db.people.bulkPut(cards.map((card, i) => ({ ...known[i], ...card })));
}

/** Every mirrored page of the member's own connection lists (Discard and "reload after success" re-pull them). */
export async function ownPages(db: MemberDb, me: string): Promise<ListPageRow[]> {
  const all = await Promise.all(FRIEND_LIST_KINDS.map((kind) => pagesOf(db, kind, me)));
  return all.flat();
}
