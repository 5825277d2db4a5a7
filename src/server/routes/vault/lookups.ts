/**
 * Typeahead lookups of the work and education drawers (spec/calls.md "Lookups"): the
 * typed text is appended to the path; prefix matches come first, then the rest by name.
 * Code 0 like every search answer (spec/calls.md §1).
 */
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { LOOKUP_LIMIT, LOOKUP_PATHS, lookupItem, lookupParams, type LookupItem, type LookupKind } from '../../../contract/vault';
import type { Db } from '../../db/client';
import { companies, courses, institutes, locations, positions } from '../../db/schema/vault';

export const LOOKUP_TABLES = { companies, positions, locations, institutes, courses } as const satisfies Record<LookupKind, unknown>;
type LookupTable = (typeof LOOKUP_TABLES)[LookupKind];

/** LIKE wildcards typed by the member are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchLookup(db: Db, table: LookupTable, text: string): Promise<LookupItem[]> {
  const needle = escapeLike(text.trim());
  return db
    .select({ code: table.code, name: table.name })
    .from(table)
    .where(ilike(table.name, `%${needle}%`))
    .orderBy(sql`${table.name} ilike ${`${needle}%`} desc`, asc(table.name))
    .limit(LOOKUP_LIMIT);
}

/** Whether `code` is a row of the lookup (create/update refuse unknown codes). */
export async function lookupExists(db: Db, table: LookupTable, code: string): Promise<boolean> {
  const [row] = await db.select({ code: table.code }).from(table).where(and(eq(table.code, code))).limit(1);
  return Boolean(row);
}

const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of Object.keys(LOOKUP_TABLES) as LookupKind[]) {
    // The path builder encodes its text, so append the parameter to the bare prefix.
    app.get(`/${LOOKUP_PATHS[kind]('')}:text`, {
      config: { access: 'member' },
      schema: { tags: ['vault'], params: lookupParams, response: { 200: envelope(z.array(lookupItem)) } },
      handler: async (request) => ({ code: 0, message: 'ok', data: await searchLookup(app.db, LOOKUP_TABLES[kind], request.params.text) }),
    });
  }
};

export default lookupRoutes;
