/**
 * 'barter.create' (issue 12 "Offline"): a listing written offline is its own optimistic
 * row in `services`, keyed by its client code (the code the server stores it under), first
 * on every first page of the member's grid, marked pending; its pictures are `blob:<id>`
 * rows of `mediaBlobs` (owner = the code) until the worker uploads them.
 * - answer: the server's item replaces it; its blobs go (they are on the server);
 * - discard: the row, its place on the grid and its blobs go (the server never had them).
 */
import { barterItem, type BarterItem } from '../../../contract/barter';
import type { MutationPayload } from '../../../contract/mutations';
import { BARTER_GRID, serviceRowOf } from '../barter-pages';
import type { MemberDb } from '../db';
import { dropFromPages, pagesOf } from '../pages';
import type { AreaAppliers } from './applier';

type Create = MutationPayload<'barter.create'>;

async function optimisticItem(db: MemberDb, p: Create): Promise<BarterItem> {
  const me = await db.profiles.get(p.userCode);
  const f = p.data;
  const from = f.fromLocationDetails!;
  const to = f.toLocationDetails;
  return {
    originalPost: {
      serviceCode: f.userServiceCode,
      serviceCategoryCode: f.serviceCode,
      serviceName: p.serviceName,
      serviceHeading: f.serviceHeading,
      serviceDescription: f.serviceDescription,
      fromdate: f.fromdate,
      todate: f.todate || null,
      serviceAppearDate: f.serviceAppearDate ?? new Date().toISOString().slice(0, 10),
      privacyCode: f.privacyCode,
      postedBy: { userCode: p.userCode, displayName: me?.displayName ?? '', professionName: me?.professionName ?? '', planName: me?.planName ?? '' },
    },
    location: {
      fromplaceId: from.placeId,
      fromplaceName: from.place,
      fromlatitude: from.latitude,
      fromlongitude: from.longitude,
      toplaceId: to?.placeId ?? null,
      toplaceName: to?.place ?? null,
      tolatitude: to?.latitude ?? null,
      tolongitude: to?.longitude ?? null,
    },
    // Not yet on the server: the picked files, by their blob ids (ids here only order them).
    serviceGalleries: f.serviceGalleries.map((g, i) => ({ id: -(i + 1), path: g.path, width: 0, height: 0 })),
  };
}

export const barterAppliers = {
  'barter.create': {
    local: async (db: MemberDb, p: Create, mark: 'pending' | 'failed') => {
      await db.services.put({ ...serviceRowOf(await optimisticItem(db, p)), _sync: mark });
      // First on the first page of each grid the member has seen, whatever its filters:
      // their own unsent listing is what they look for.
      const code = p.data.userServiceCode;
      for (const page of await pagesOf(db, BARTER_GRID, p.userCode)) {
        if (page.pageNo !== 1 || page.codes.includes(code)) continue;
        await db.listPages.update(page.key, { codes: [code, ...page.codes], totalRecords: page.totalRecords + 1 });
      }
    },
    answer: async (db: MemberDb, p: Create, data: unknown) => {
      const code = p.data.userServiceCode;
      const answer = barterItem.safeParse(data);
      if (answer.success) await db.services.put(serviceRowOf(answer.data));
      else await db.services.update(code, { _sync: undefined });
      await db.mediaBlobs.where('owner').equals(code).delete();
    },
    discard: async (db: MemberDb, p: Create) => {
      const code = p.data.userServiceCode;
      await dropFromPages(db, await pagesOf(db, BARTER_GRID, p.userCode), code);
      await db.services.delete(code);
      await db.mediaBlobs.where('owner').equals(code).delete();
    },
  },
} satisfies AreaAppliers;
