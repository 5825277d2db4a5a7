/**
 * The demo community's barter: 300 listings by 150 members, each in the member's own city
 * (seed/data/place-coordinates.ts) — a third in the demo logins' cities — scattered up to
 * ~25 km around its centre so a 1 km, 5 km or 20 km radius visibly changes the grid; running from 1 to 40
 * days after the seeding day, some for several days, appearing on the seeding day. Mostly
 * Everyone, some Billionetts, a few Only me. Amara offers two (Lisbon), Jonas one.
 * Deterministic (seeded PRNG), with dates relative to the seeding day.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { services } from '../db/schema/barter';
import { addDays, utcToday } from '../domain/barter/dates';
import type { SeedMember } from './community';
import { placeCoordinates } from './data/place-coordinates';
import { serviceKinds } from './data/services';
import { prng } from './entries';

const LISTINGS = 300;
const POSTERS = 150;
const EARTH_KM = 6378.168;

const HEADINGS: Record<string, string[]> = {
  default: ['{name} on weekends', '{name}, friendly and careful', 'Offering {name} in exchange for anything useful', '{name} for neighbours', 'Experienced help: {name}'],
};
const DESCRIPTIONS = [
  'Happy to trade for cooking, language lessons or a hand with moving.',
  'Ten years of doing this for friends and family. Tell me what you need.',
  'Evenings and weekends. I bring my own tools.',
  'Looking for a fair swap: your time for mine.',
  'Short notice is fine. Message me on telex.',
];

/** A point `km` from (lat, lon) towards `bearing` (radians), on a sphere. */
function offset(lat: number, lon: number, km: number, bearing: number): [number, number] {
  const d = km / EARTH_KM;
  const φ = (lat * Math.PI) / 180;
  const λ = (lon * Math.PI) / 180;
  const φ2 = Math.asin(Math.sin(φ) * Math.cos(d) + Math.cos(φ) * Math.sin(d) * Math.cos(bearing));
  const λ2 = λ + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(φ), Math.cos(d) - Math.sin(φ) * Math.sin(φ2));
  return [Number(((φ2 * 180) / Math.PI).toFixed(5)), Number(((((λ2 * 180) / Math.PI + 540) % 360) - 180).toFixed(5))];
}

export async function seedBarter(db: Db, members: SeedMember[]): Promise<void> {
  const random = prng(1107);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const cities = Object.keys(placeCoordinates);
  const posters = members.slice(0, POSTERS);
  const rows = await db.select({ id: users.id, userCode: users.userCode }).from(users).where(inArray(users.userCode, posters.map((m) => m.userCode)));
  const idByCode = new Map(rows.map((r) => [r.userCode, r.id]));
  const today = utcToday();
  const values: (typeof services.$inferInsert)[] = [];
  for (let i = 0; i < LISTINGS; i += 1) {
    // The demo logins first: Amara (0) two listings, Jonas (1) one.
    const member = i < 2 ? posters[0]! : i === 2 ? posters[1]! : pick(posters);
    // A third of the rest near the demo logins' cities, so their grid has plenty to filter.
    const near = i >= 3 && random() < 0.34 ? posters[Math.floor(random() * 2)]! : member;
    const city = placeCoordinates[near.locationName] ? near.locationName : pick(cities);
    const [lat, lon] = placeCoordinates[city]!;
    const [pLat, pLon] = offset(lat, lon, i < 3 ? 0.4 + i : random() ** 2 * 25, random() * 2 * Math.PI);
    const kind = pick(serviceKinds);
    const start = addDays(today, 1 + Math.floor(random() * 40));
    const days = random() < 0.5 ? 0 : Math.floor(random() * 6);
    const roll = random();
    values.push({
      code: `B${String(i).padStart(4, '0')}${member.userCode.slice(-5)}`,
      authorId: idByCode.get(member.userCode)!,
      kindCode: kind.serviceCode,
      heading: pick(HEADINGS.default!).replace('{name}', kind.serviceName),
      description: pick(DESCRIPTIONS),
      privacyCode: roll < 0.8 ? 1 : roll < 0.95 ? 2 : 3,
      appearOn: today,
      fromDate: start,
      toDate: days > 0 ? addDays(start, days) : null,
      fromPlaceId: `seed:${city}`,
      fromPlace: city,
      fromLat: pLat,
      fromLon: pLon,
    });
  }
  await db.insert(services).values(values);
}
