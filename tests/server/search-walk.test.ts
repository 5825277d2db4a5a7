/**
 * Entry search's walk (routes/entries/search-repo.ts): however its bounds fall — a walk that
 * meets every match, one that walks on, one that hands over to the trigram index at once —
 * each page is exactly the page of the plain answer (every visible match, newest first, ties
 * by id), and the total is that count cut at one match beyond the page asked for. On PGlite and
 * PostgreSQL, for a viewer, their billionett and a stranger, over entries of every privacy,
 * with common, rare and misspelt words and entries sharing one instant.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema/accounts';
import { posts } from '../../src/server/db/schema/entries';
import { visibleTo } from '../../src/server/policy/visibility';
import { wordsMatch, wordsQuery } from '../../src/server/domain/search/words';
import { searchItems } from '../../src/server/routes/entries/search-repo';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

const WALKS = [
  { first: 1, most: 1 },
  { first: 2, most: 9 },
  { first: 3, most: 40 },
  { first: 7, most: 7 },
  { first: 500, most: 4000 },
];

describe.each(dbTargets())('entry search walk on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let members: TestMember[];
  serverForSuite({ databaseUrl }, 3, (server, m) => ([s, members] = [server, m]));

  it('pages exactly as the plain answer, whatever the walk', async () => {
    const [me, friend] = members;
    await befriend(s.api, me!, friend!);
    const ids = new Map<string, number>();
    for (const m of members) {
      const [row] = await s.app.db.select({ id: users.id }).from(users).where(sql`${users.userCode} = ${m.userCode}`);
      ids.set(m.userCode, row!.id);
    }
    const authors = members.map((m) => ids.get(m.userCode)!);
    const stamp = Date.now().toString(36);
    // 90 entries: 'apple' in two of three, 'quince' in four, 'plum' in one of nine; privacy
    // 1, 2, 3 in turn; three entries to an instant, so ties are ordered by id.
    const rows = Array.from({ length: 90 }, (_, i) => {
      const words = [i % 3 !== 0 ? 'apple' : 'pear', i % 23 === 0 ? 'Quince' : 'fig', i % 9 === 4 ? 'plüm' : 'kiwi'];
      const author = authors[i % 3]!;
      return {
        postCode: `PW${stamp}${String(i).padStart(3, '0')}`,
        authorId: author,
        originType: 'user' as const,
        originUserId: author,
        featureCode: 5,
        description: `${words.join(' ')} ${stamp}`,
        privacyCode: 1 + (i % 3),
        createdAt: new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 3) * 60_000),
      };
    });
    await s.app.db.insert(posts).values(rows);

    for (const viewer of members) {
      const viewerId = ids.get(viewer.userCode)!;
      // Every text with the stamp, a word of this test's entries alone (its alike words aside,
      // which the plain answer matches too).
      for (const text of ['apple', 'aple', 'quince', 'qinces', 'plum', 'kiwi', 'absent']) {
        const words = await wordsQuery(s.app.db, `${text} ${stamp}`);
        const match = wordsMatch(posts.searchWords, words);
        const plain = (await queryRows<{ id: number }>(s.app.db, sql`select ${posts.id} as id from ${posts} where ${match} and ${visibleTo(viewerId)} order by ${posts.createdAt} desc, ${posts.id} desc`)).map((r) => Number(r.id));
        for (const walk of WALKS) {
          for (const pageNo of [1, 2, 3, 5]) {
            const pageSize = 4;
            const { rows: got, total } = await searchItems(s.app.db, s.app.feedDb, viewerId, words, [], { pageNo, pageSize }, walk);
            const want = plain.slice((pageNo - 1) * pageSize, pageNo * pageSize);
            const codes = await Promise.all(want.map(async (id) => (await s.app.db.select({ c: posts.postCode }).from(posts).where(sql`${posts.id} = ${id}`))[0]!.c));
            const label = `${viewer.userCode} '${text}' walk ${walk.first}/${walk.most} page ${pageNo}`;
            expect({ label, codes: got.map((g) => g.originalPost?.postCode), total }).toEqual({ label, codes, total: Math.min(plain.length, pageNo * pageSize + 1) });
          }
        }
      }
    }
  }, 120_000);

  it('matches every searched word, as the start of a word or like one', async () => {
    const author = (await s.app.db.select({ id: users.id }).from(users).where(sql`${users.userCode} = ${members[2]!.userCode}`))[0]!.id;
    const texts = ['harbour café at dawn', 'Astrid Lindqvist writes', 'Nørrebro by night', 'Ångström units', 'systems of design', 'design review', "o'brien's real-time chat", '東京 harbour'];
    // The dictionary learns the words as the entries are written (migration 0013's trigger).
    await s.app.db.insert(posts).values(
      texts.map((description, i) => ({ postCode: `PM${Date.now().toString(36)}${i}`, authorId: author, originType: 'user' as const, originUserId: author, featureCode: 5, description })),
    );
    const cases: [string, string[]][] = [
      ['harbor', ['harbour café at dawn', '東京 harbour']],
      ['HARB', ['harbour café at dawn', '東京 harbour']],
      ['cafe dawn', ['harbour café at dawn']],
      ['Lindqvst', ['Astrid Lindqvist writes']],
      ['norrebro', ['Nørrebro by night']],
      ['angstrom', ['Ångström units']],
      ['design systems', ['systems of design']],
      ['design', ['systems of design', 'design review']],
      ['esign', ['systems of design', 'design review']],
      ["o'brien", ["o'brien's real-time chat"]],
      ['real-time', ["o'brien's real-time chat"]],
      ['東京', ['東京 harbour']],
      ['night owl', []],
      ['!!', []],
    ];
    const got: [string, string[]][] = [];
    for (const [q] of cases) {
      const query = await wordsQuery(s.app.db, q);
      const rows = await queryRows<{ t: string }>(
        s.app.db,
        sql`select t from unnest(array[${sql.join(texts.map((t) => sql`${t}::text`), sql`, `)}]) as t where ${wordsMatch(sql`to_tsvector('simple'::regconfig, billionett_fold(t))`, query)} order by t`,
      );
      got.push([q, rows.map((r) => r.t).sort()]);
    }
    expect(got).toEqual(cases.map(([q, want]) => [q, [...want].sort()]));
  });
});
