/**
 * The vault lookups as reference data: written at every start (upsert), seeded or not,
 * so a fresh member can fill in work and education on any database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, courses, institutes, locations, positions } from '../db/schema/vault';
import { places } from './data/places';
import { companyNames, courseNames, instituteNames, positionNames, slug } from './data/vault-lookups';

type LookupTable = typeof companies;

export const LOOKUP_LISTS: [LookupTable, string[]][] = [
  [companies, companyNames],
  [positions, positionNames],
  [locations, places],
  [institutes, instituteNames],
  [courses, courseNames],
];

export async function ensureVaultLookups(db: Db): Promise<void> {
  for (const [table, names] of LOOKUP_LISTS) {
    const rows = names.map((name, i) => ({ code: slug(name), name, sortOrder: i + 1 }));
    await db
      .insert(table)
      .values(rows)
      .onConflictDoUpdate({ target: table.code, set: { name: sql.raw('excluded.name'), sortOrder: sql.raw('excluded.sort_order') } });
  }
}
