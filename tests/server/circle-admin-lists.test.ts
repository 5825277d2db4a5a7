/**
 * Circle lists and pictures (spec §2.10; contract/circles.ts CIRCLE_PATHS): suggestions
 * ranked by billionetts inside, then the caller's profession, then their location, then
 * name — never a circle they may not read, a paused one, their own, one they are in or
 * asked or were invited to, one they dismissed, or one closed to asks; another member's
 * own and followed circles under that member's 'circles' privacy (106) and the caller's
 * readability; and a circle's or slate's picture, set and removed by its owner only.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CIRCLE_FORM_MESSAGES } from '../../src/contract/circle-admin';
import { CIRCLE_MESSAGES, CIRCLE_PATHS, SLATE_PATHS, type CircleCard } from '../../src/contract/circles';
import { PICTURE_PATHS } from '../../src/contract/pictures';
import { SETTINGS_PATHS } from '../../src/contract/settings';
import { createCircleAs, insertCircle, insertSlate, listSuite, setCircleFeatures, setMemberTraits } from '../support/circles';
import { dbTargets, type TestMember, type TestServer } from '../support/server';

describe.each(dbTargets())('circle lists and pictures on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let me: TestMember;
  let f1: TestMember;
  let f2: TestMember;
  let a: TestMember;
  let b: TestMember;
  let c: TestMember;
  listSuite(databaseUrl, (cast) => ({ s, me, f1, f2, a, b, c } = cast));

  const call = (m: TestMember, method: string, path: string, body?: unknown) => s.call(method, path, { token: m.token, body });
  const codes = (r: { body: { data: CircleCard[] } }) => r.body.data.map((card) => card.groupCode);

  it('ranks suggestions by billionetts inside, then profession, then location, then name', async () => {
    await setMemberTraits(s.app, me.userCode, { professionCode: 'P02', locationName: 'Berlin, Germany' });
    await setMemberTraits(s.app, b.userCode, { locationName: 'Berlin, Germany' });
    await setMemberTraits(s.app, c.userCode, { locationName: 'Lisbon, Portugal' });
    const open = { privacyCode: 1 };
    const two = await insertCircle(s.app, a.userCode, 'Two billionetts inside', { ...open, people: [f1.userCode, f2.userCode] });
    const one = await insertCircle(s.app, c.userCode, 'One billionett inside', { ...open, people: [f1.userCode] });
    // insertCircle makes P02 circles: my profession.
    const profession = await insertCircle(s.app, c.userCode, 'Zz my profession', open);
    const [location, nameA, nameB] = await Promise.all([
      createCircleAs(s, b, { groupName: 'Near me', groupType: 'P07' }),
      createCircleAs(s, c, { groupName: 'Aa far away', groupType: 'P07' }),
      createCircleAs(s, c, { groupName: 'Bb far away', groupType: 'P07' }),
    ]);
    // Never suggested: private, paused, mine, joined, asked, invited, dismissed, closed to asks.
    const never = [
      (await insertCircle(s.app, a.userCode, 'Private', { privacyCode: 3, people: [f1.userCode] })).code,
      (await insertCircle(s.app, a.userCode, 'Paused', { privacyCode: 1, statusCode: 5, people: [f1.userCode, f2.userCode] })).code,
      await createCircleAs(s, me, { groupName: 'Mine' }),
      (await insertCircle(s.app, a.userCode, 'Joined', { privacyCode: 1, people: [me.userCode] })).code,
    ];
    const asked = await createCircleAs(s, a, { groupName: 'Asked' });
    await setCircleFeatures(s.app, asked, { requests: 2 });
    expect((await call(me, 'PUT', CIRCLE_PATHS.suggestionAccept(asked))).body.data.membership).toBe('requested');
    const invited = await createCircleAs(s, f1, { groupName: 'Invited' });
    expect((await call(f1, 'POST', CIRCLE_PATHS.sendInvite(invited, me.userCode))).status).toBe(201);
    const dismissed = await createCircleAs(s, a, { groupName: 'Dismissed' });
    await call(me, 'PUT', CIRCLE_PATHS.suggestionReject(dismissed));
    const closed = await createCircleAs(s, a, { groupName: 'Closed' });
    await setCircleFeatures(s.app, closed, { requests: 3 });
    never.push(asked, invited, dismissed, closed);

    const all = await call(me, 'GET', `${CIRCLE_PATHS.suggestions}?pageSize=100`);
    expect(all.body).toMatchObject({ code: 200, accessCode: 0, totalRecords: 6 });
    expect(codes(all)).toEqual([two.code, one.code, profession.code, location, nameA, nameB]);
    expect(all.body.data[0]).toMatchObject({ groupName: 'Two billionetts inside', membership: 'none', memberCount: 3, statusCode: 9, groupAdminCode: a.userCode });
    for (const code of never) expect(codes(all)).not.toContain(code);
    // Paged by 4 (the default), the same order.
    const page1 = await call(me, 'GET', CIRCLE_PATHS.suggestions);
    const page2 = await call(me, 'GET', `${CIRCLE_PATHS.suggestions}?pageNo=2`);
    const page3 = await call(me, 'GET', `${CIRCLE_PATHS.suggestions}?pageNo=3`);
    expect([...codes(page1), ...codes(page2)]).toEqual(codes(all));
    expect([page1.body.totalRecords, page2.body.totalRecords, page3.body.totalRecords, page3.body.data]).toEqual([6, 6, 6, []]);
    // My asks and my invitations have their own lists.
    expect(codes(await call(me, 'GET', CIRCLE_PATHS.requested))).toEqual([asked]);
    expect((await call(me, 'GET', CIRCLE_PATHS.invitations)).body.data).toEqual([expect.objectContaining({ groupCode: invited, membership: 'invited' })]);
  });

  it("lists another member's own and followed circles, only those the caller may read, under the 'circles' privacy", async () => {
    // A fresh member: their lists hold only this test's circles.
    const bee = await s.signUpMember();
    const pub = await createCircleAs(s, bee, { groupName: 'B public' });
    const priv = await createCircleAs(s, bee, { groupName: 'B private', privacyCode: 3 });
    const friendsOnly = await createCircleAs(s, bee, { groupName: 'B billionetts', privacyCode: 2 });
    const followed = await createCircleAs(s, c, { groupName: 'C followed by B' });
    const followedHidden = (await insertCircle(s.app, c.userCode, 'C hidden with B', { privacyCode: 3, people: [bee.userCode] })).code;
    await call(bee, 'PUT', CIRCLE_PATHS.suggestionAccept(followed));
    const own = (viewer: TestMember) => call(viewer, 'GET', `${CIRCLE_PATHS.own}?friendCode=${bee.userCode}&pageSize=100`);
    const following = (viewer: TestMember) => call(viewer, 'GET', `${CIRCLE_PATHS.following}?friendCode=${bee.userCode}&pageSize=100`);

    expect(new Set(codes(await own(bee)))).toEqual(new Set([pub, priv, friendsOnly]));
    expect(new Set(codes(await following(bee)))).toEqual(new Set([followed, followedHidden]));
    const seen = await own(a);
    expect(seen.body).toMatchObject({ accessCode: 0, totalRecords: 1 });
    expect(codes(seen)).toEqual([pub]);
    expect(seen.body.data[0]).toMatchObject({ membership: 'none', groupAdminCode: bee.userCode });
    expect(codes(await following(a))).toEqual([followed]);
    expect(codes(await following(me))).toEqual([followed]);

    // 'circles' at Only me: another member gets 106 and no rows; B still sees their own.
    expect((await call(bee, 'PUT', SETTINGS_PATHS.updatePrivacy, { featureCode: 'circles', privacyCode: 3 })).status).toBe(201);
    for (const r of [await own(a), await following(a)]) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: 200, message: expect.any(String), accessCode: 106 });
    }
    expect(codes(await own(bee))).toHaveLength(3);
    expect((await call(a, 'GET', `${CIRCLE_PATHS.own}?friendCode=nosuchmember`)).status).toBe(404);
    await call(bee, 'PUT', SETTINGS_PATHS.updatePrivacy, { featureCode: 'circles', privacyCode: 1 });
    expect(codes(await own(a))).toEqual([pub]);
  });

  const picture = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } }).png().toBuffer();
  async function postForm(m: TestMember, path: string, fields: Record<string, string>, file?: Buffer) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('uploadImage', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'pic.png');
    const response = await fetch(`${s.api}/${path}`, { method: 'POST', headers: { authorization: `Bearer ${m.token}` }, body: form });
    return { status: response.status, body: (await response.json()) as { message: string; data?: { imageName: string }; errors?: Record<string, string[]> } };
  }
  async function cropAs(m: TestMember, dpType: 'group' | 'page', dpValue: string) {
    const up = await postForm(m, PICTURE_PATHS.uploadTemp(m.userCode), { userCode: m.userCode, imageType: 'temp' }, await picture());
    expect(up.status).toBe(201);
    const fields = { userCode: m.userCode, x: '0', y: '0', w: '200', h: '200', imageName: up.body.data!.imageName, dpType, dpValue };
    return postForm(m, PICTURE_PATHS.crop, fields);
  }

  it("sets and removes a circle's and a slate's picture: the owner only", async () => {
    const code = await createCircleAs(s, me, { groupName: 'Pictured' });
    const hidden = await createCircleAs(s, me, { groupName: 'Pictured hidden', privacyCode: 3 });
    const slate = await insertSlate(s.app, me.userCode, 'Pictured slate', { privacyCode: 1 });
    await call(f1, 'PUT', CIRCLE_PATHS.suggestionAccept(code));
    const profileDp = async () => (await call(me, 'GET', `user/${me.userCode}`)).body.data.profileDp;

    const set = await cropAs(me, 'group', code);
    expect(set.status).toBe(201);
    const imageName = set.body.data!.imageName;
    expect((await call(f1, 'GET', CIRCLE_PATHS.circle(code))).body.data.groupProfilePic).toBe(imageName);
    expect(await profileDp()).toBeNull();
    expect((await fetch(`${s.url}/media/primary/${imageName}`)).status).toBe(200);
    // A member of the circle is not its owner; a circle they may not read is 404.
    const refused = await cropAs(f1, 'group', code);
    expect([refused.status, refused.body.message]).toEqual([403, CIRCLE_FORM_MESSAGES.ownerOnly]);
    const unseen = await cropAs(a, 'group', hidden);
    expect([unseen.status, unseen.body.message]).toEqual([404, CIRCLE_MESSAGES.circleNotFound]);
    const noCode = await postForm(me, PICTURE_PATHS.crop, { userCode: me.userCode, x: '0', y: '0', w: '10', h: '10', imageName: imageName.replace('.webp', '.png'), dpType: 'group' });
    expect([noCode.status, Object.keys(noCode.body.errors ?? {})]).toEqual([400, ['dpValue']]);

    // A new picture replaces the old one, whose files go.
    const next = await cropAs(me, 'group', code);
    expect(next.status).toBe(201);
    expect((await fetch(`${s.url}/media/primary/${imageName}`)).status).toBe(404);

    const remove = (m: TestMember, body: unknown) => call(m, 'POST', PICTURE_PATHS.removeDp(m.userCode), body);
    expect((await remove(f1, { dpType: 'group-dp', dpValue: code })).status).toBe(403);
    expect((await remove(a, { dpType: 'group-dp', dpValue: hidden })).status).toBe(404);
    const removed = await remove(me, { dpType: 'group-dp', dpValue: code });
    expect([removed.status, removed.body.data]).toEqual([201, { profileDp: null }]);
    expect((await call(me, 'GET', CIRCLE_PATHS.circle(code))).body.data.groupProfilePic).toBeNull();
    expect((await fetch(`${s.url}/media/primary/${next.body.data!.imageName}`)).status).toBe(404);

    const page = await cropAs(me, 'page', slate.code);
    expect(page.status).toBe(201);
    expect((await call(f1, 'GET', SLATE_PATHS.slate(slate.code))).body.data.pageProfilePic).toBe(page.body.data!.imageName);
    expect((await cropAs(f1, 'page', slate.code)).status).toBe(403);
    expect((await remove(me, { dpType: 'page-dp', dpValue: slate.code })).status).toBe(201);
    expect((await call(f1, 'GET', SLATE_PATHS.slate(slate.code))).body.data.pageProfilePic).toBeNull();
    expect(await profileDp()).toBeNull();
  });
});
