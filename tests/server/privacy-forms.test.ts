/**
 * The privacy rule has two forms (policy/privacy.ts for one owner, policy/visibility.ts as
 * SQL for lists); for every privacy code and every relation they must agree, or a screen
 * and a list could disagree about the same thing.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/accounts';
import { allows, relationOf } from '../../src/server/policy/privacy';
import { allowsSql } from '../../src/server/policy/visibility';
import { startTestServer, type TestMember, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

describe('the privacy rule in its JS and SQL forms', () => {
  let s: TestServer;
  let owner: TestMember;
  let friend: TestMember;
  let stranger: TestMember;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    s = await startTestServer();
    [owner, friend, stranger] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, owner, friend);
    const rows = await s.app.db.select({ id: users.id, code: users.userCode }).from(users).where(inArray(users.userCode, [owner.userCode, friend.userCode, stranger.userCode]));
    for (const row of rows) ids.set(row.code, row.id);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('agree for 1, 2 and 3 seen by the owner, a billionett and a stranger', async () => {
    const ownerId = ids.get(owner.userCode)!;
    const seen: string[] = [];
    for (const privacyCode of [1, 2, 3]) {
      for (const viewer of [owner, friend, stranger]) {
        const viewerId = ids.get(viewer.userCode)!;
        const js = allows(privacyCode, await relationOf(s.app.db, viewerId, ownerId));
        const answer = (await s.app.db.execute(sql`select ${allowsSql(privacyCode, ownerId, viewerId)} as ok`)) as unknown as { rows: { ok: boolean }[] };
        const [row] = answer.rows;
        expect(row?.ok, `privacy ${privacyCode} for ${viewer === owner ? 'owner' : viewer === friend ? 'friend' : 'stranger'}`).toBe(js);
        if (js) seen.push(`${privacyCode}:${viewer === owner ? 'owner' : viewer === friend ? 'friend' : 'stranger'}`);
      }
    }
    // And the rule itself, so both forms cannot drift together.
    expect(seen).toEqual(['1:owner', '1:friend', '1:stranger', '2:owner', '2:friend', '3:owner']);
  });
});
