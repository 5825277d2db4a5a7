/**
 * db/pglite-parsers.ts: the embedded database keeps dates, times and intervals as text itself,
 * so drizzle's per-statement ask for that is dropped — and no answer changes: a statement
 * through drizzle, a raw one, one inside a transaction, each reads exactly what a plain PGlite
 * given drizzle's ask reads. An ask for anything else is still honoured.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepDatesAsText, TEXT_TYPES } from '../../src/server/db/pglite-parsers';

const EVERY_KIND = `select timestamp '2026-11-29 10:00:00' as ts, timestamptz '2026-11-29 10:00:00+02' as tstz,
  interval '1 day 2 hours' as iv, date '2026-11-29' as d, time '10:11:12' as tm,
  array[1.5, 2.25]::numeric[] as nums, array[timestamp '2026-01-01 00:00']::timestamp[] as tss,
  array[timestamptz '2026-01-01 00:00+00']::timestamptz[] as tstzs, array[interval '1 hour']::interval[] as ivs,
  array[date '2026-01-02']::date[] as ds, 42::int8 as big, '{"a":1}'::jsonb as j, array[1, 2] as ints`;

describe('PGlite keeps dates as text for drizzle', () => {
  let plain: PGlite;
  let kept: PGlite;
  // What drizzle-orm/pglite passes with every statement (its session.js).
  const asText = (value: string) => value;
  const drizzleAsk = { rowMode: 'object' as const, parsers: Object.fromEntries(TEXT_TYPES.map((t) => [t, asText])) };

  beforeAll(async () => {
    plain = await PGlite.create();
    kept = await PGlite.create();
    keepDatesAsText(kept);
  });
  afterAll(async () => {
    await plain.close();
    await kept.close();
  });

  it('answers a statement with drizzle’s ask exactly as PGlite honouring it does', async () => {
    const expected = (await plain.query(EVERY_KIND, [], drizzleAsk)).rows;
    expect((await kept.query(EVERY_KIND, [], drizzleAsk)).rows).toEqual(expected);
    expect((await kept.transaction((tx) => tx.query(EVERY_KIND, [], drizzleAsk))).rows).toEqual(expected);
    // Dates stay text, other types are parsed as before.
    expect(expected[0]).toMatchObject({ ts: '2026-11-29 10:00:00', d: '2026-11-29', big: 42, j: { a: 1 }, ints: [1, 2] });
  });

  it('answers drizzle’s own statements as before, in and out of a transaction', async () => {
    const before = await drizzle({ client: plain }).execute(sql.raw(EVERY_KIND));
    const after = drizzle({ client: kept });
    expect((await after.execute(sql.raw(EVERY_KIND))).rows).toEqual(before.rows);
    expect((await after.transaction((tx) => tx.execute(sql.raw(EVERY_KIND)))).rows).toEqual(before.rows);
  });

  it('drops drizzle’s ask before PGlite sees it, in and out of a transaction', async () => {
    const client = await PGlite.create();
    try {
      const seen: unknown[] = [];
      const query = client.query.bind(client);
      client.query = ((text: string, params?: unknown[], options?: unknown) => (seen.push(options), query(text, params, options as never))) as typeof client.query;
      const transaction = client.transaction.bind(client);
      client.transaction = ((callback: Parameters<typeof client.transaction>[0]) =>
        transaction((tx) => {
          const inner = tx.query.bind(tx);
          tx.query = ((text: string, params?: unknown[], options?: unknown) => (seen.push(options), inner(text, params, options as never))) as typeof tx.query;
          return callback(tx);
        })) as typeof client.transaction;
      keepDatesAsText(client);
      await client.query('select 1', [], drizzleAsk);
      await client.transaction((tx) => tx.query('select 1', [], drizzleAsk));
      expect(seen).toEqual([{ rowMode: 'object' }, { rowMode: 'object' }]);
    } finally {
      await client.close();
    }
  });

  it('still honours an ask for other types', async () => {
    const ask = { parsers: { [types.INT4]: (value: string) => `int ${value}`, [types.DATE]: asText } };
    expect((await kept.query<{ n: string; d: string }>(`select 7 as n, date '2026-11-29' as d`, [], ask)).rows).toEqual([{ n: 'int 7', d: '2026-11-29' }]);
  });

  it('honours an ask that parses a type the instance keeps as text', async () => {
    const ask = { parsers: { [types.DATE]: (value: string) => `parsed ${value}` } };
    expect((await kept.query<{ d: string }>(`select date '2026-11-29' as d`, [], ask)).rows).toEqual([{ d: 'parsed 2026-11-29' }]);
  });

  it('honours the ask again when PGlite’s own parser for a type was replaced', async () => {
    const other = await PGlite.create();
    try {
      keepDatesAsText(other);
      (other.parsers as Record<number, unknown>)[types.DATE] = (value: string) => new Date(value);
      expect((await other.query<{ d: unknown }>(`select date '2026-11-29' as d`, [], drizzleAsk)).rows[0]!.d).toBe('2026-11-29');
    } finally {
      await other.close();
    }
  });
});
