/**
 * Slate lists and the admin's views (spec §2.10; contract/circles.ts SLATE_PATHS,
 * contract/circle-admin.ts): suggestions ranked by billionetts following, then the caller's
 * profession, then their location, then name — never a slate they may not read, a paused
 * one, their own, one they follow, asked to follow or dismissed; another member's followed
 * slates under that member's 'slates' privacy (106) and the caller's readability; a
 * slate's followers (paged by 4) and asks; the followers chart; the per-feature privacy
 * with its names, its validation and its reset.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CIRCLE_FORM_MESSAGES, ORIGIN_FEATURE_NAMES } from '../../src/contract/circle-admin';
import { SLATE_PATHS, type SlateCard } from '../../src/contract/circles';
import { ACCESS_RESTRICTED } from '../../src/contract/codes';
import { SETTINGS_PATHS } from '../../src/contract/settings';
import { professions } from '../../src/server/db/schema/masters';
import { insertSlate, listSuite, setMemberTraits } from '../support/circles';
import { dbTargets, type TestMember, type TestServer } from '../support/server';
import { createSlateAs, setSlate } from '../support/slates';
import { befriend } from '../support/telex';

describe.each(dbTargets())('slate lists and the admin views on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let me: TestMember;
  let f1: TestMember;
  let f2: TestMember;
  let a: TestMember;
  let b: TestMember;
  let c: TestMember;
  listSuite(databaseUrl, (cast) => ({ s, me, f1, f2, a, b, c } = cast));

  const call = (m: TestMember, method: string, path: string, body?: unknown) => s.call(method, path, { token: m.token, body });
  const codes = (r: { body: { data: SlateCard[] } }) => r.body.data.map((card) => card.pageCode);
  const professionName = async (code: string) =>
    (await s.app.db.select({ name: professions.professionName }).from(professions).where(eq(professions.professionCode, code)))[0]!.name;

  it('ranks suggestions by billionetts following, then profession, then location, then name', async () => {
    await setMemberTraits(s.app, me.userCode, { professionCode: 'P02', locationName: 'Berlin, Germany' });
    await setMemberTraits(s.app, b.userCode, { locationName: 'Berlin, Germany' });
    await setMemberTraits(s.app, c.userCode, { locationName: 'Lisbon, Portugal' });
    const open = { privacyCode: 1 };
    // insertSlate makes P02 slates: my profession; the others are set to P07.
    const two = (await insertSlate(s.app, a.userCode, 'Two billionetts follow', { ...open, people: [f1.userCode, f2.userCode] })).code;
    const one = (await insertSlate(s.app, c.userCode, 'One billionett follows', { ...open, people: [f1.userCode, a.userCode] })).code;
    const profession = (await insertSlate(s.app, c.userCode, 'Zz my profession', open)).code;
    const other = async (admin: TestMember, name: string, privacyCode = 1) => {
      const { code } = await insertSlate(s.app, admin.userCode, name, { privacyCode });
      await setSlate(s.app, code, { typeCode: 'P07' });
      return code;
    };
    const location = await other(b, 'Near me');
    const nameA = await other(c, 'Aa far away');
    const nameB = await other(c, 'Bb far away');
    // Billionetts only, of my billionett: I may read it.
    const friends = await other(f1, "Cc my billionett's");
    // Never suggested: unpublished, billionetts-only of a stranger, paused, mine, followed, asked, dismissed.
    const never = [
      (await insertSlate(s.app, a.userCode, 'Unpublished', { privacyCode: 3, people: [f1.userCode, f2.userCode] })).code,
      (await insertSlate(s.app, a.userCode, 'Not for me', { privacyCode: 2, people: [f1.userCode, f2.userCode] })).code,
      (await insertSlate(s.app, a.userCode, 'Paused', { privacyCode: 1, statusCode: 5, people: [f1.userCode, f2.userCode] })).code,
      (await insertSlate(s.app, me.userCode, 'Mine', open)).code,
      (await insertSlate(s.app, a.userCode, 'Followed', { privacyCode: 1, people: [me.userCode] })).code,
    ];
    const asked = await other(a, 'Asked');
    await setSlate(s.app, asked, { requestsPrivacy: 3 });
    expect((await call(me, 'PUT', SLATE_PATHS.follow(asked))).body.data.followingStatus).toBe('requested');
    const dismissed = await other(a, 'Dismissed');
    expect((await call(me, 'POST', SLATE_PATHS.later(dismissed))).body.data).toMatchObject({ pageCode: dismissed, followingStatus: 'none' });
    never.push(asked, dismissed);

    const all = await call(me, 'GET', `${SLATE_PATHS.suggestions}?pageSize=100`);
    expect(all.body).toMatchObject({ code: 200, accessCode: 0, totalRecords: 7 });
    expect(codes(all)).toEqual([two, one, profession, location, nameA, nameB, friends]);
    expect(all.body.data[0]).toEqual({
      pageCode: two,
      pageName: 'Two billionetts follow',
      pageCaption: 'Two billionetts follow caption',
      pageCategoryName: 'Technology',
      pageProfilePic: null,
      pageAdminCode: a.userCode,
      statusCode: 9,
      followerCount: 2,
      followingStatus: 'none',
    });
    for (const code of never) expect(codes(all)).not.toContain(code);
    // Paged by 4 (the default), the same order.
    const pages = await Promise.all([1, 2, 3].map((n) => call(me, 'GET', `${SLATE_PATHS.suggestions}?pageNo=${n}`)));
    expect(pages.flatMap((p) => codes(p))).toEqual(codes(all));
    expect(pages.map((p) => [p.body.totalRecords, p.body.data.length])).toEqual([
      [7, 4],
      [7, 3],
      [7, 0],
    ]);
    // My asks have their own list.
    const requested = await call(me, 'GET', SLATE_PATHS.requested);
    expect([requested.body.totalRecords, codes(requested), requested.body.data[0].followingStatus]).toEqual([1, [asked], 'requested']);
  });

  it("lists another member's followed slates, only those the caller may read, under the 'slates' privacy", async () => {
    const bee = await s.signUpMember();
    await befriend(s.api, bee, c);
    const open = (await insertSlate(s.app, c.userCode, 'C open', { privacyCode: 1, people: [bee.userCode] })).code;
    const friendsOnly = (await insertSlate(s.app, c.userCode, 'C billionetts', { privacyCode: 2, people: [bee.userCode] })).code;
    const unpublished = (await insertSlate(s.app, c.userCode, 'C unpublished', { privacyCode: 3, people: [bee.userCode] })).code;
    const own = (await insertSlate(s.app, bee.userCode, 'B own', { privacyCode: 1 })).code;
    const following = (viewer: TestMember) => call(viewer, 'GET', `${SLATE_PATHS.following}?friendCode=${bee.userCode}&pageSize=100`);

    // Bee reads both followed ones (a follower of a billionetts-only slate); an unpublished one drops out even for its follower.
    expect(new Set(codes(await following(bee)))).toEqual(new Set([open, friendsOnly]));
    expect(codes(await call(bee, 'GET', `${SLATE_PATHS.following}?pageSize=100`)).toSorted()).toEqual([open, friendsOnly].toSorted());
    const seen = await following(a);
    expect(seen.body).toMatchObject({ accessCode: 0, totalRecords: 1 });
    expect(seen.body.data).toEqual([expect.objectContaining({ pageCode: open, followingStatus: 'none', followerCount: 1 })]);
    // Their admin reads all three, the unpublished one too.
    expect(codes(await following(c)).toSorted()).toEqual([open, friendsOnly, unpublished].toSorted());
    expect(codes(await following(a))).not.toContain(unpublished);
    expect(codes(await call(a, 'GET', `${SLATE_PATHS.own}?friendCode=${bee.userCode}`))).toEqual([own]);

    expect((await call(bee, 'PUT', SETTINGS_PATHS.updatePrivacy, { featureCode: 'slates', privacyCode: 2 })).status).toBe(201);
    for (const r of [await following(a), await call(a, 'GET', `${SLATE_PATHS.own}?friendCode=${bee.userCode}`)]) {
      expect([r.status, r.body]).toEqual([200, { code: 200, message: expect.any(String), accessCode: ACCESS_RESTRICTED }]);
    }
    // Bee's billionett still sees them; Bee always.
    expect(codes(await following(c))).toHaveLength(3);
    expect(codes(await following(bee))).toHaveLength(2);
    expect((await call(a, 'GET', `${SLATE_PATHS.following}?friendCode=nosuchmember`)).status).toBe(404);
    await call(bee, 'PUT', SETTINGS_PATHS.updatePrivacy, { featureCode: 'slates', privacyCode: 1 });
  });

  it('lists followers (paged by 4) and asks with their people; charts followers by profession', async () => {
    const admin = await s.signUpMember({ planCode: 'sapphire' });
    const slate = await createSlateAs(s, admin, { pageName: 'Charted' });
    const people = [] as TestMember[];
    for (const [i, code] of ['P02', 'P02', 'P14', 'P02', 'P14'].entries()) {
      const m = await s.signUpMember({ displayName: `Follower ${i}` });
      await setMemberTraits(s.app, m.userCode, { professionCode: code });
      expect((await call(m, 'PUT', SLATE_PATHS.follow(slate))).status).toBe(201);
      people.push(m);
    }
    expect((await call(admin, 'PUT', SLATE_PATHS.privacy(slate), { featureCode: 'requests', privacyCode: 3 })).status).toBe(201);
    const asker = await s.signUpMember({ displayName: 'The Asker', gender: 'male' });
    expect((await call(asker, 'PUT', SLATE_PATHS.follow(slate))).status).toBe(201);

    const first = await call(people[4]!, 'GET', SLATE_PATHS.followers(slate));
    expect(first.body).toMatchObject({ code: 200, accessCode: 0, totalRecords: 5 });
    expect(first.body.data.map((f: { pageFollowerCode: string }) => f.pageFollowerCode)).toEqual(people.slice(0, 4).map((p) => p.userCode));
    expect(first.body.data[0]).toEqual({
      pageFollowerCode: people[0]!.userCode,
      pageFollowerName: 'Follower 0',
      pageFollowerGender: 'Female',
      planName: expect.any(String),
      professionName: await professionName('P02'),
      profileDp: null,
    });
    expect((await call(admin, 'GET', `${SLATE_PATHS.followers(slate)}?pageNo=2`)).body.data).toHaveLength(1);

    const asks = await call(admin, 'GET', SLATE_PATHS.followerRequests(slate));
    expect([asks.body.totalRecords, asks.body.data]).toEqual([
      1,
      [{ requestCode: asker.userCode, userCode: asker.userCode, displayName: 'The Asker', gender: 'Male', planName: expect.any(String), professionName: expect.any(String), profileDp: null }],
    ]);
    const report = await call(admin, 'GET', SLATE_PATHS.report(slate));
    expect(report.body.data).toEqual({
      byProfession: [
        { name: await professionName('P02'), count: 3 },
        { name: await professionName('P14'), count: 2 },
      ],
      total: 5,
      requests: 1,
      invited: 0,
    });
  });

  it('reads and sets the per-feature privacy with its names, refuses a bad one per field, and resets it', async () => {
    const admin = await s.signUpMember({ planCode: 'sapphire' });
    const slate = await createSlateAs(s, admin, { pageName: 'Private matters' });
    const names = ORIGIN_FEATURE_NAMES.slate;
    const read = await call(admin, 'GET', SLATE_PATHS.privacy(slate));
    expect(read.body).toMatchObject({ code: 200, accessCode: 0 });
    expect(read.body.data).toEqual([
      { featureCode: 'entries', featureName: names.entries, privacyCode: 1, privacyName: 'Everyone' },
      { featureCode: 'members', featureName: names.members, privacyCode: 1, privacyName: 'Everyone' },
      { featureCode: 'requests', featureName: names.requests, privacyCode: 1, privacyName: 'Everyone' },
    ]);
    const set = await call(admin, 'PUT', SLATE_PATHS.privacy(slate), { featureCode: 'members', privacyCode: 3, privacyName: 'Only me' });
    expect([set.status, set.body.data[1]]).toEqual([201, { featureCode: 'members', featureName: names.members, privacyCode: 3, privacyName: 'Only me' }]);

    const badFeature = await call(admin, 'PUT', SLATE_PATHS.privacy(slate), { featureCode: 'slates', privacyCode: 2 });
    expect([badFeature.status, Object.keys(badFeature.body.errors ?? {})]).toEqual([400, ['featureCode']]);
    const badPrivacy = await call(admin, 'PUT', SLATE_PATHS.privacy(slate), { featureCode: 'entries', privacyCode: 4 });
    expect([badPrivacy.status, badPrivacy.body.errors?.privacyCode]).toEqual([400, [CIRCLE_FORM_MESSAGES.privacy]]);
    const noBody = await call(admin, 'PUT', SLATE_PATHS.privacy(slate));
    expect(noBody.status).toBe(400);

    const reset = await call(admin, 'PUT', SLATE_PATHS.privacyReset(slate));
    expect([reset.status, reset.body.data.map((f: { privacyCode: number; privacyName: string }) => [f.privacyCode, f.privacyName])]).toEqual([
      201,
      [
        [1, 'Everyone'],
        [1, 'Everyone'],
        [1, 'Everyone'],
      ],
    ]);
    expect((await call(admin, 'GET', SLATE_PATHS.privacy(slate))).body.data).toEqual(reset.body.data);
  });
});
