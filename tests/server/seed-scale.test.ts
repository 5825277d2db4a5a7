/**
 * seed-scale (seed/scale.ts, issue 13): the generated community has the stated proportions,
 * its members sign in with the demo password, search and feeds find them, the privacy model
 * holds over their entries, and a second run is refused (it would double the community).
 */
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/contract/auth';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { SEARCH_PATHS } from '../../src/contract/search';
import { queryRows } from '../../src/server/db/client';
import { scaleEmail, seedScale } from '../../src/server/seed/scale';
import { sql } from 'drizzle-orm';
import { startTestServer } from '../support/server';

const PASSWORD = 'Scale#2026pass';

describe('seed-scale', () => {
  it('generates a community of the stated proportions that members can use', async () => {
    const s = await startTestServer();
    try {
      const r = await seedScale(s.app.db, 200, PASSWORD);
      expect(r).toMatchObject({ members: 200, circles: 2 });
      expect(r.entries).toBe(200 * 10 + 2 * 50);
      // ~20 billionetts each (10 ties a member, both ends), comments on 40% + 20%, ratings 60% + 20%.
      expect(r.billionettPairs / r.members).toBeGreaterThanOrEqual(9);
      expect(r.comments / r.entries).toBeCloseTo(0.6, 1);
      expect(r.ratings / r.entries).toBeGreaterThan(0.7);

      const signIn = await s.call('POST', AUTH_PATHS.signIn, { body: { username: scaleEmail(7), password: PASSWORD } });
      expect(signIn.status).toBe(200);
      const token = signIn.body.data.accessToken as string;
      const home = await s.call('GET', `${ENTRY_PATHS.home}?pageSize=5`, { token });
      expect(home.status).toBe(200);
      expect(home.body.data.userPosts.length).toBe(5);
      const found = await s.call('GET', SEARCH_PATHS.users('lindqvist'), { token });
      expect(found.body.totalRecords).toBeGreaterThan(0);

      // An only-me entry of one generated member is read by no other.
      const [mine] = await queryRows<{ code: string; author: string }>(
        s.app.db,
        sql`select p.post_code as code, u.email as author from posts p join users u on u.id = p.author_id where p.privacy_code = 3 and u.email <> ${scaleEmail(7)} limit 1`,
      );
      const other = await s.call('GET', ENTRY_PATHS.entry(mine!.code), { token });
      expect(other.status).toBe(404);

      await expect(seedScale(s.app.db, 200, PASSWORD)).rejects.toThrow(/once/);
    } finally {
      await s.close();
    }
  }, 120_000);
});
