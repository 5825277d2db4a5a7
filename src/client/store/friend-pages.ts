/**
 * Mirrored pages of the connection lists (spec/product.md §2.9): which member cards
 * a list page shows, in the server's order. The cards live once in `people`, the
 * references in `references`; a page row (`listPages`) holds only their codes.
 *
 * Shared by the worker's pulls (writing what the server answered) and the friend
 * appliers (moving a card between lists before the server has the write).
 */
import type { ListPageRow, MemberDb, PersonRow } from './db';

/** The connection lists the device mirrors; `friends` is anyone's, the rest the member's own. */
export type FriendListKind =
  | 'friends'
  | 'friendRequests'
  | 'requestFriends'
  | 'friendSuggestions'
  | 'references'
  | 'friendSearch';

export const FRIEND_LIST_KINDS: readonly FriendListKind[] = [
  'friends',
  'friendRequests',
  'requestFriends',
  'friendSuggestions',
  'references',
  'friendSearch',
];

/**
 * `${kind}:${owner}:${params}:${pageNo}` (store/db.ts ListPageRow). Any mirrored list
 * (connections, feed pages, comments) keys its pages this way, so `kind` is any list name.
 */
export const pageKey = (kind: string, owner: string, params: string, pageNo: number): string =>
  `${kind}:${owner}:${params}:${pageNo}`;

/** Search pages are kept per text as typed, trimmed and lower-cased (the server matches without case). */
export const searchParams = (q: string): string => q.trim().toLowerCase();

export type PageWrite = {
  kind: string;
  owner: string;
  params: string;
  pageNo: number;
  codes: string[];
  totalRecords: number;
  accessCode: number;
};

export async function putPage(db: MemberDb, page: PageWrite): Promise<void> {
  const { kind, owner, params, pageNo } = page;
  const row: ListPageRow & { params: string } = {
    key: pageKey(kind, owner, params, pageNo),
    kind,
    owner,
    params,
    pageNo,
    codes: page.codes,
    totalRecords: page.totalRecords,
    accessCode: page.accessCode,
    syncedAt: Date.now(),
  };
  await db.listPages.put(row);
}

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

const pagesOf = (db: MemberDb, kind: FriendListKind, owner: string) =>
  db.listPages.where('[kind+owner]').equals([kind, owner]).toArray();

/** Take `code` out of every page of a list (and out of its total); true when it was there. */
export async function removeCode(db: MemberDb, kind: FriendListKind, owner: string, code: string): Promise<boolean> {
  let found = false;
  for (const page of await pagesOf(db, kind, owner)) {
    if (!page.codes.includes(code)) continue;
    found = true;
    await db.listPages.update(page.key, {
      codes: page.codes.filter((c) => c !== code),
      totalRecords: Math.max(0, page.totalRecords - 1),
    });
  }
  return found;
}

/**
 * Put `code` first on page 1 of a list (the newest connection comes first), unless
 * some page already holds it. Creates page 1 when the list was never pulled, so the
 * card shows offline too. The other pages' totals follow.
 */
export async function addCodeFirst(db: MemberDb, kind: FriendListKind, owner: string, code: string): Promise<void> {
  const pages = await pagesOf(db, kind, owner);
  const plain = pages.filter((p) => pageParams(p) === '');
  if (plain.some((p) => p.codes.includes(code))) return;
  const first = plain.find((p) => p.pageNo === 1);
  const total = (first?.totalRecords ?? 0) + 1;
  for (const page of plain) await db.listPages.update(page.key, { totalRecords: total });
  await putPage(db, {
    kind,
    owner,
    params: '',
    pageNo: 1,
    codes: [code, ...(first?.codes ?? [])],
    totalRecords: total,
    accessCode: first?.accessCode ?? 0,
  });
}

/** A page's params: the third part of its key (kept as a field too, since v2 has no column for it). */
export function pageParams(page: ListPageRow): string {
  const stored = (page as ListPageRow & { params?: unknown }).params;
  if (typeof stored === 'string') return stored;
  const rest = page.key.slice(page.kind.length + page.owner.length + 2);
  return rest.slice(0, rest.lastIndexOf(':'));
}

/** Every mirrored page of the member's own connection lists (Discard and "reload after success" re-pull them). */
export async function ownPages(db: MemberDb, me: string): Promise<ListPageRow[]> {
  const all = await Promise.all(FRIEND_LIST_KINDS.map((kind) => pagesOf(db, kind, me)));
  return all.flat();
}
