/**
 * Live reads of barter (DESIGN.md: the UI reads only Dexie): one mirrored grid page for a
 * filter choice, with its listings, and the filters the member chose last.
 */
import { useLiveQuery } from '../store/live-query';
import { targets } from '../../contract/targets';
import { writeStatesBy, type WriteStateOf } from '../store/write-states';
import { BARTER_GRID, BARTER_SEARCH, filterParams, type BarterFilters } from '../store/barter-pages';
import { memberDb, type ListPageRow, type ServiceRow } from '../store/db';
import { pageKey } from '../store/pages';
import { DRAFT_KEY, FILTERS_DRAFT_KEY, type BarterDraft } from './commands';

export type GridView = { page: ListPageRow | undefined; rows: ServiceRow[] };

export function useBarterPage(me: string, filters: BarterFilters, pageNo: number): GridView | undefined {
  return useServicesPage(me, BARTER_GRID, filterParams(filters), pageNo);
}

/** One page of the listings found by the member's search for `q`. */
export function useBarterSearchPage(me: string, q: string, pageNo: number): GridView | undefined {
  return useServicesPage(me, BARTER_SEARCH, q, pageNo);
}

function useServicesPage(me: string, kind: string, params: string, pageNo: number): GridView | undefined {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    const page = await db.listPages.get(pageKey(kind, me, params, pageNo));
    const rows = page ? await db.services.bulkGet(page.codes) : [];
    return { page, rows: rows.filter((r): r is ServiceRow => r !== undefined) };
  }, [me, kind, params, pageNo]);
}

/** Where the queued create of a listing stands (pending, or refused with the server's words), or undefined when delivered. */
export function useCreateState(me: string, code: string): WriteStateOf<string> | undefined {
  return useLiveQuery(async () => {
    // One target per listing: its items are all about this code.
    const items = await memberDb(me).outbox.where('target').equals(targets.service(code)).sortBy('id');
    return writeStatesBy(items.map((item) => ({ ...item, payload: { code } })), 'code').get(code);
  }, [me, code]);
}

/** The Add New Service draft (null: none). */
export function useBarterDraft(me: string): BarterDraft | null | undefined {
  return useLiveQuery(async () => ((await memberDb(me).drafts.get(DRAFT_KEY))?.value as BarterDraft | undefined) ?? null, [me]);
}

/** The filters chosen last (null: never chosen — the screen starts from the member's city). */
export function useSavedFilters(me: string): BarterFilters | null | undefined {
  return useLiveQuery(async () => ((await memberDb(me).drafts.get(FILTERS_DRAFT_KEY))?.value as BarterFilters | undefined) ?? null, [me]);
}
