/**
 * Mirrored circles and slates (contract/circles.ts): the member's lists of them as
 * `listPages` of codes (like every paged list, store/pages.ts), the rows once in
 * `circles` / `slates`. Shared by the worker's pulls and the UI's live queries.
 *
 * Two lists are kept, both the member's own (owner = their userCode):
 * - `myCircles`: circles I belong to (CIRCLE_PATHS.active) — the circle share targets;
 * - `mySlates`: slates I own (SLATE_PATHS.own) — the slate share targets (only a
 *   slate's admin posts and shares on it).
 * The side menu's circles and slates come with the shell's `user/menu` row instead.
 */
import type { CircleCard, SlateCard } from '../../contract/circles';
import type { CircleRow, MemberDb, SlateRow } from './db';
import { pagesOf } from './pages';

export const MY_CIRCLES_KIND = 'myCircles';
export const MY_SLATES_KIND = 'mySlates';

/** The details pull's cursor key; its error (404) says the circle is missing or hidden. */
export const circleKey = (groupCode: string) => `circle:${groupCode}`;
export const slateKey = (pageCode: string) => `slate:${pageCode}`;

/** Cards of a list merged into what the device knows (the details of a visited suite stay). */
export async function mergeCircles(db: MemberDb, cards: CircleCard[]): Promise<void> {
  if (cards.length === 0) return;
  const known = await db.circles.bulkGet(cards.map((c) => c.groupCode));
  await db.circles.bulkPut(cards.map((card, i): CircleRow => ({ ...known[i], ...card })));
}

export async function mergeSlates(db: MemberDb, cards: SlateCard[]): Promise<void> {
  if (cards.length === 0) return;
  const known = await db.slates.bulkGet(cards.map((c) => c.pageCode));
  await db.slates.bulkPut(cards.map((card, i): SlateRow => ({ ...known[i], ...card })));
}

/** Every mirrored page of one of the member's lists, in order, as rows. */
export async function listedCircles(db: MemberDb, me: string): Promise<CircleRow[]> {
  const codes = await listedCodes(db, MY_CIRCLES_KIND, me);
  return (await db.circles.bulkGet(codes)).filter((r) => r !== undefined);
}

export async function listedSlates(db: MemberDb, me: string): Promise<SlateRow[]> {
  const codes = await listedCodes(db, MY_SLATES_KIND, me);
  return (await db.slates.bulkGet(codes)).filter((r) => r !== undefined);
}

async function listedCodes(db: MemberDb, kind: string, me: string): Promise<string[]> {
  const pages = await pagesOf(db, kind, me);
  return [...new Set(pages.sort((a, b) => a.pageNo - b.pageNo).flatMap((p) => p.codes))];
}
