/**
 * Mirrored pages of every paged list (connections, feeds, comments, circles): a page row
 * (`listPages`) holds only the codes the server listed, in its order, and the list's
 * total; the rows themselves live once in their own table (`people`, `posts`, …).
 *
 * Shared by the worker's pulls (writing what the server answered), the appliers (moving
 * a code before the server has the write) and the UI's live queries (reading pages).
 */
import type { ListPageRow, MemberDb } from './db';

/** `${kind}:${owner}:${params}:${pageNo}` (store/db.ts ListPageRow): `kind` is the list's name. */
export const pageKey = (kind: string, owner: string, params: string, pageNo: number): string =>
  `${kind}:${owner}:${params}:${pageNo}`;

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

/** A page's params: the third part of its key (kept as a field too, since v2 has no column for it). */
export function pageParams(page: ListPageRow): string {
  const stored = (page as ListPageRow & { params?: unknown }).params;
  if (typeof stored === 'string') return stored;
  const rest = page.key.slice(page.kind.length + page.owner.length + 2);
  return rest.slice(0, rest.lastIndexOf(':'));
}

/** Every mirrored page of one owner's list, any params. */
export const pagesOf = (db: MemberDb, kind: string, owner: string) =>
  db.listPages.where('[kind+owner]').equals([kind, owner]).toArray();

/** Take `code` out of the given pages (and out of their totals); true when one held it. */
export async function dropFromPages(db: MemberDb, pages: readonly ListPageRow[], code: string): Promise<boolean> {
  let found = false;
  for (const page of pages) {
    if (!page.codes.includes(code)) continue;
    found = true;
    await db.listPages.update(page.key, {
      codes: page.codes.filter((c) => c !== code),
      totalRecords: Math.max(0, page.totalRecords - 1),
    });
  }
  return found;
}

/** Take `code` out of every page of one owner's list; true when it was there. */
export async function removeCode(db: MemberDb, kind: string, owner: string, code: string): Promise<boolean> {
  return dropFromPages(db, await pagesOf(db, kind, owner), code);
}

/**
 * Put `code` first on page 1 of a list (the newest comes first), unless some page
 * already holds it. Creates page 1 when the list was never pulled, so the code shows
 * offline too. The other pages' totals follow.
 */
export async function addCodeFirst(db: MemberDb, kind: string, owner: string, code: string): Promise<void> {
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
