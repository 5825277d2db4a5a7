/**
 * Live reads of the circles-and-slates lists (DESIGN.md: the UI reads only Dexie): one
 * mirrored page of a member's circles or slates as GroupViews, one page of a circle's or
 * slate's people as cards, the owner's settings and chart, and where each unsent write
 * stands (per circle or slate for a member's writes, per member for an owner's).
 */
import { useLiveQuery } from '../store/live-query';
import type { OriginPrivacySetting, OriginReport } from '../../contract/circle-admin';
import { targets } from '../../contract/targets';
import { memberDb, type ListPageRow, type PersonRow } from '../store/db';
import { writeStatesBy } from '../store/write-states';
import {
  originListKind,
  originPeopleKind,
  originPrivacyKey,
  originReportKey,
  originSearchKind,
  type OriginKind,
  type OriginListName,
  type OriginPeopleName,
} from '../store/origin-lists';
import { pageKey } from '../store/pages';
import type { WriteStateOf } from '../store/write-states';
import { circleView, slateView, type GroupView } from './queries';

export type ListView<T> = { page: ListPageRow | undefined; rows: T[] };

export function useOriginPage(me: string, origin: OriginKind, list: OriginListName, owner: string, pageNo: number) {
  return useOriginCards(me, origin, originListKind(origin, list), owner, '', pageNo);
}

/** One page of circles or slates found by the member's search for `q`. */
export function useOriginSearchPage(me: string, origin: OriginKind, q: string, pageNo: number) {
  return useOriginCards(me, origin, originSearchKind(origin), me, q, pageNo);
}

function useOriginCards(me: string, origin: OriginKind, kind: string, owner: string, params: string, pageNo: number) {
  return useLiveQuery(async (): Promise<ListView<GroupView>> => {
    const db = memberDb(me);
    const page = await db.listPages.get(pageKey(kind, owner, params, pageNo));
    if (!page) return { page, rows: [] };
    if (origin === 'circle') {
      const rows = await db.circles.bulkGet(page.codes);
      return { page, rows: rows.filter((r) => r !== undefined).map(circleView) };
    }
    const rows = await db.slates.bulkGet(page.codes);
    return { page, rows: rows.filter((r) => r !== undefined).map(slateView) };
  }, [me, origin, kind, owner, params, pageNo]);
}

export function usePeoplePage(me: string, origin: OriginKind, list: OriginPeopleName, code: string, pageNo: number) {
  return useLiveQuery(async (): Promise<ListView<PersonRow>> => {
    const db = memberDb(me);
    const page = await db.listPages.get(pageKey(originPeopleKind(origin, list), code, '', pageNo));
    const rows = page ? await db.people.bulkGet(page.codes) : [];
    return { page, rows: rows.filter((r): r is PersonRow => r !== undefined) };
  }, [me, origin, list, code, pageNo]);
}

export function useOriginPrivacy(me: string, origin: OriginKind, code: string): OriginPrivacySetting[] | undefined {
  return useLiveQuery(async () => (await memberDb(me).reports.get(originPrivacyKey(origin, code)))?.rows as OriginPrivacySetting[] | undefined, [me, origin, code]);
}

export function useOriginReport(me: string, origin: OriginKind, code: string): OriginReport | undefined {
  return useLiveQuery(async () => (await memberDb(me).reports.get(originReportKey(origin, code)))?.rows[0] as OriginReport | undefined, [me, origin, code]);
}

/** Where one card's latest unsent write stands: waiting, or refused with the server's words. */
export type WriteState = WriteStateOf<string>;

/**
 * The unsent writes of one outbox target by the code they are about (`about`: the payload
 * field naming the card), a refused one winning: it needs the member's decision.
 */
export function useWriteStates(me: string, target: string, about: 'groupCode' | 'pageCode' | 'memberCode'): Map<string, WriteState> | undefined {
  return useLiveQuery(async () => {
    const items = await memberDb(me).outbox.where('target').equals(target).sortBy('id');
    return writeStatesBy(items, about);
  }, [me, target, about]);
}

/** The outbox target of a member's own writes on circles or slates. */
export const mineTarget = (origin: OriginKind, me: string) => (origin === 'circle' ? targets.circles(me) : targets.slates(me));
/** The outbox target of an owner's writes on one circle or slate. */
export const ownerTarget = (origin: OriginKind, code: string) => (origin === 'circle' ? targets.circle(code) : targets.slate(code));
