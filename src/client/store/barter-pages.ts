/**
 * The barter grid as mirrored pages (store/pages.ts): kind `barter.grid`, owner = the
 * member, params = the filters as one canonical string, so each filter the member used
 * opens offline with what it showed; the listings live once in `services`.
 */
import type { BarterForm, BarterItem } from '../../contract/barter';
import type { MemberDb, ServiceRow } from './db';

export const BARTER_GRID = 'barter.grid';
/** The global search's listings (search/service), per text. */
export const BARTER_SEARCH = 'barter.search';

/** The filter panel's choice (contract/barter.ts barterQuery, page aside). */
export type BarterFilters = {
  serviceCode?: string;
  serviceName?: string;
  latitude?: number;
  longitude?: number;
  place?: string;
  radius?: number;
  fromdate?: string;
  todate?: string;
};

/** A create (no code) or update of one listing; `key`: the Idempotency-Key made when the drawer opened. */
export type ServiceSave = { code?: string; form: BarterForm; key: string };

/** The pull of one grid page, or of one page (16) of a search (sync/api.ts PullRequest). */
export type BarterPageRequest = { kind: 'barterPage'; filters: BarterFilters; pageNo: number } | { kind: 'barterSearch'; q: string; pageNo: number };

/** The filters that change the answer, in a fixed order (names shown are not filters). */
export function filterParams(f: BarterFilters): string {
  const parts: [string, string | number | undefined][] = [
    ['serviceCode', f.serviceCode],
    ['latitude', f.radius !== undefined ? f.latitude : undefined],
    ['longitude', f.radius !== undefined ? f.longitude : undefined],
    ['radius', f.latitude !== undefined ? f.radius : undefined],
    ['fromdate', f.fromdate],
    ['todate', f.todate],
  ];
  return parts
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export const serviceRowOf = (item: BarterItem): ServiceRow => ({ ...item, serviceCode: item.originalPost.serviceCode });

export async function mergeServices(db: MemberDb, items: BarterItem[]): Promise<void> {
  if (items.length) await db.services.bulkPut(items.map(serviceRowOf));
}
