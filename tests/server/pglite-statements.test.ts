/**
 * Named statements on the embedded database (src/server/db/pglite-statements.ts): every answer,
 * error and lock as PGlite's own `query` gives them, with each statement parsed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types } from '@electric-sql/pglite';
import { useNamedStatements } from '../../src/server/db/pglite-statements';

/** Statements the server has parsed and kept (PostgreSQL's own list of a session's prepared statements). */
const keptNames = async (db: PGlite) =>
  (await db.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

describe('named statements on PGlite', () => {
  let plain: PGlite;
  let named: PGlite;
  const schema = `
    create table notes (id serial primary key, body text not null unique, at timestamptz, tags text[], meta jsonb, n int);
    insert into notes (body, at, tags, meta, n) values ('first', '2026-11-29T10:00:00Z', '{a,b}', '{"k":1}', null);`;

  beforeAll(async () => {
    [plain, named] = await Promise.all([PGlite.create(), PGlite.create()]);
    useNamedStatements(named, 3);
    await Promise.all([plain.exec(schema), named.exec(schema)]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), named.close()]);
  });

  /** The same statement on both: the same answer (or the same error), in and out of a transaction. */
  async function same(text: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) {
    const told = (e: { code?: string; message: string }) => ({ code: e.code, message: e.message });
    const answer = (db: PGlite) => db.query(text, params, options).then((r) => ({ ok: r }), told);
    // A failed statement aborts its transaction, and PGlite then refuses the commit: both are compared.
    const inTx = (db: PGlite) =>
      db
        .transaction((tx) => tx.query(text, params, options).then((r) => ({ ok: r }), told))
        .catch((e: Error) => ({ commit: e.name, message: e.message }));
    const [a, b] = [await answer(plain), await answer(named)];
    expect(b).toEqual(a);
    const [c, d] = [await inTx(plain), await inTx(named)];
    expect(d).toEqual(c);
    return b;
  }

  it('answers as PGlite does: rows, fields, nulls, arrays, json, counts, rowMode', async () => {
    expect(await same('select id, body, at, tags, meta, n from notes where body = $1', ['first'])).toMatchObject({
      ok: { rows: [{ id: 1, body: 'first', tags: ['a', 'b'], meta: { k: 1 }, n: null }] },
    });
    await same('select id, body from notes where body = $1', ['first'], { rowMode: 'array' });
    await same('select $1::int + 1 as n, $2::text is null as none', [41, null]);
    await same('select at from notes where id = $1', [1], { parsers: { [types.TIMESTAMPTZ]: (v: string) => `text ${v}` } });
    await same(`update notes set n = coalesce(n, 0) + $1 where body = $2`, [1, 'first']);
    await same(`update notes set n = $1 where body = $2`, [5, 'nobody']);
    await same('select 1 as one');
  });

  it('reports errors as PGlite does, with the statement and its values, and goes on after them', async () => {
    const dup = await same(`insert into notes (body) values ($1)`, ['first']);
    expect(dup).toMatchObject({ code: '23505' });
    expect(await same('selec 1')).toMatchObject({ code: '42601' });
    const error = await named.query('select $1::int', ['not a number']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '22P02', query: 'select $1::int', params: ['not a number'] });
    expect((await named.query('select $1::int as n', [3])).rows).toEqual([{ n: 3 }]);
  });

  it('a failed statement rolls its transaction back; a statement outside waits for the transaction, never joins it', async () => {
    let release = () => {};
    let opened = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = new Promise<void>((resolve) => (opened = resolve));
    const tx = named
      .transaction(async (t) => {
        await t.query(`insert into notes (body) values ($1)`, ['in a transaction']);
        opened();
        await held;
        await t.query(`insert into notes (body) values ($1)`, ['first']); // fails: the transaction rolls back
      })
      .catch((e: { code?: string }) => e.code);
    // Sent while the transaction is open: it must run after it, on its own, and stay.
    await open;
    const outside = named.query(`insert into notes (body) values ($1) returning body`, ['outside']);
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await tx).toBe('23505');
    expect((await outside).rows).toEqual([{ body: 'outside' }]);
    expect(
      (await named.query('select body from notes where body = any($1) order by body', [['in a transaction', 'outside']])).rows,
    ).toEqual([{ body: 'outside' }]);
  });

  it('parses each statement once, keeps a few, and closes those it drops', async () => {
    const fresh = await PGlite.create();
    try {
      useNamedStatements(fresh, 2);
      for (let i = 0; i < 3; i++) await fresh.query('select $1::int as n', [i]);
      expect((await keptNames(fresh)).length).toBe(2); // that statement, once, and the list's own
      for (let i = 0; i < 10; i++) await fresh.query(`select $1::int + ${i} as n`, [i]);
      // Two kept, and the one dropped last: it is closed before the next statement is parsed.
      expect((await keptNames(fresh)).length).toBe(3);
    } finally {
      await fresh.close();
    }
  });

  it('a statement whose table changed shape under it is parsed again', async () => {
    await named.exec('create table shapes (a int); insert into shapes values (1);');
    expect((await named.query('select * from shapes')).rows).toEqual([{ a: 1 }]);
    await named.exec('alter table shapes add column b int default 2;');
    expect((await named.query('select * from shapes')).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('a statement of many values, or with a Blob, goes PGlite’s own way', async () => {
    const values = Array.from({ length: 150 }, (_, i) => i);
    const placeholders = values.map((_, i) => `($${i + 1}::int)`).join(', ');
    const before = await keptNames(named);
    expect((await named.query<{ n: number }>(`select count(*)::int as n from (values ${placeholders}) v`, values)).rows).toEqual([
      { n: 150 },
    ]);
    expect((await keptNames(named)).filter((n) => !before.includes(n)).length).toBeLessThanOrEqual(1); // the list's own at most
  });
});
