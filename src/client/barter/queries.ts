/**
 * Live reads of barter (DESIGN.md: the UI reads only Dexie): one mirrored grid page for a
 * filter choice, with its listings, and the filters the member chose last.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { BARTER_GRID, BARTER_SEARCH, filterParams, type BarterFilters } from '../store/barter-pages';
import { memberDb, type ListPageRow, type ServiceRow } from '../store/db';
import { pageKey } from '../store/pages';
import { FILTERS_DRAFT_KEY } from './commands';

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

/** The filters chosen last (null: never chosen — the screen starts from the member's city). */
export function useSavedFilters(me: string): BarterFilters | null | undefined {
  return useLiveQuery(async () => ((await memberDb(me).drafts.get(FILTERS_DRAFT_KEY))?.value as BarterFilters | undefined) ?? null, [me]);
}
