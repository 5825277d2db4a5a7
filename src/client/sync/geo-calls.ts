/**
 * "Find Location" (spec §2.6, §5 "Search": non-empty text) against our own gazetteer
 * (contract/geo.ts, GET geo/search?q=). Online-only: offline it answers 'You are
 * offline. …' and the dialog says so. Places come back as the entry form's
 * locationDetails (placeId, latitude, longitude, place).
 */
import type { LocationDetails } from '../../contract/entries';
import { z } from 'zod';
import { GEO_PATHS, place, type Place } from '../../contract/geo';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';

export async function searchPlaces(ctx: SyncContext, member: Member, q: string): Promise<CallResult<LocationDetails[]>> {
  const text = q.trim();
  if (!text) return { ok: true, status: 200, message: '', data: [] };
  const result = await authed<unknown>(ctx, member, GEO_PATHS.search, { query: { q: text } });
  return toCallResult(result, (data) => z.array(place).parse(data).map(toLocation));
}

const toLocation = (p: Place): LocationDetails => ({
  placeId: p.placeId,
  latitude: p.lat,
  longitude: p.lon,
  place: p.displayName,
});
