/**
 * Circles and slates on the seeded community (contract/circles.ts): details with the
 * viewer's standing, the own / member / following lists with paging, the side menu, and
 * 404 for a circle or slate the viewer may not read (a private circle Jonas is not in, an
 * unpublished slate) — in details and as a feed — and the seeded galleries' pictures.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIRCLE_MESSAGES, CIRCLE_PATHS, SLATE_PATHS, type CircleCard, type SlateCard } from '../../src/contract/circles';
import { ENTRY_PATHS, type PostItem } from '../../src/contract/entries';
import { galleryThumbPath } from '../../src/contract/media';
import { postMedia, posts } from '../../src/server/db/schema/entries';
import { DEMO_CIRCLES, DEMO_SLATES } from '../../src/server/seed/circles';
import { circleDefs, slateDefs } from '../../src/server/seed/data/circles';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { seededCode } from '../support/circles';
import { dbTargets, startTestServer, type TestServer } from '../support/server';

type Login = { token: string; userCode: string };

describe.each(dbTargets())('circles and slates on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let amara: Login;
  let jonas: Login;
  const circle: Record<keyof typeof DEMO_CIRCLES, string> = { jonasOwn: '', amaraOwn: '', privateCircle: '', amaraMember: '', amaraSecond: '' };
  const slate: Record<keyof typeof DEMO_SLATES, string> = { amaraOwn: '', amaraFollows: '', unpublished: '' };

  const signIn = async (email: string): Promise<Login> => {
    const r = await s.call('POST', 'auth/signIn', { body: { username: email, password: DEMO_LOGINS[0]!.password } });
    return { token: r.body.data.accessToken, userCode: r.body.data.id };
  };
  const get = (who: Login, path: string) => s.call('GET', path, { token: who.token });
  const circleCodes = (r: { body: { data: CircleCard[] } }) => r.body.data.map((c) => c.groupCode);
  const slateCodes = (r: { body: { data: SlateCard[] } }) => r.body.data.map((c) => c.pageCode);

  beforeAll(async () => {
    s = await startTestServer({ databaseUrl, seed: true });
    amara = await signIn(DEMO_LOGINS[0]!.email);
    jonas = await signIn(DEMO_LOGINS[1]!.email);
    for (const [key, index] of Object.entries(DEMO_CIRCLES)) circle[key as keyof typeof circle] = await seededCode(s.app, 'circle', circleDefs[index]![0]);
    for (const [key, index] of Object.entries(DEMO_SLATES)) slate[key as keyof typeof slate] = await seededCode(s.app, 'slate', slateDefs[index]![0]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows a circle with the viewer\'s standing', async () => {
    const own = await get(amara, CIRCLE_PATHS.circle(circle.amaraOwn));
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      groupCode: circle.amaraOwn,
      groupName: circleDefs[DEMO_CIRCLES.amaraOwn]![0],
      groupType: circleDefs[DEMO_CIRCLES.amaraOwn]![2],
      groupCategoryName: 'Technology',
      privacyCode: 1,
      groupPrivacyCode: 1,
      groupAdminCode: amara.userCode,
      groupAdminName: 'Amara Lindqvist',
      groupAdminPlanName: 'Sapphire',
      statusCode: 9,
      membership: 'owner',
      canPost: true,
    });
    expect(own.body.data.memberCount).toBeGreaterThanOrEqual(2);
    const asMember = await get(jonas, CIRCLE_PATHS.circle(circle.amaraOwn));
    expect(asMember.body.data).toMatchObject({ membership: 'member', canPost: true, groupAdminCode: amara.userCode });
    const jonasOwn = await get(amara, CIRCLE_PATHS.circle(circle.jonasOwn));
    expect(jonasOwn.body.data).toMatchObject({ membership: 'none', canPost: false, groupAdminCode: jonas.userCode });
  });

  it('answers 404 for a private circle to a non-member, in details and as a feed', async () => {
    const hidden = await get(jonas, CIRCLE_PATHS.circle(circle.privateCircle));
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(CIRCLE_MESSAGES.circleNotFound);
    const missing = await get(jonas, CIRCLE_PATHS.circle('GNOSUCHCODE'));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(hidden.body.message);
    const feed = await get(jonas, `${ENTRY_PATHS.suite}?postType=group&profileCode=${circle.privateCircle}`);
    expect(feed.status).toBe(404);
    const asMember = await get(amara, CIRCLE_PATHS.circle(circle.privateCircle));
    expect(asMember.body.data).toMatchObject({ privacyCode: 3, membership: 'member', canPost: true });
    const memberFeed = await get(amara, `${ENTRY_PATHS.suite}?postType=group&profileCode=${circle.privateCircle}&pageSize=50`);
    expect(memberFeed.status).toBe(200);
    expect(memberFeed.body.totalRecords).toBeGreaterThan(0);
    for (const item of memberFeed.body.data.userPosts) {
      expect(item.originalPost.postedAt).toMatchObject({ postType: 'group', originCode: circle.privateCircle, originName: circleDefs[DEMO_CIRCLES.privateCircle]![0] });
    }
  });

  it('lists my own and my member circles, own first, paged', async () => {
    const own = await get(amara, CIRCLE_PATHS.own);
    expect(own.body).toMatchObject({ code: 200, accessCode: 0, totalRecords: 2 });
    expect(new Set(circleCodes(own))).toEqual(new Set([circle.amaraOwn, circle.amaraSecond]));
    const active = await get(amara, CIRCLE_PATHS.active);
    expect(active.body.totalRecords).toBe(4);
    expect(active.body.data).toHaveLength(4);
    expect(new Set(circleCodes(active).slice(0, 2))).toEqual(new Set([circle.amaraOwn, circle.amaraSecond]));
    expect(new Set(circleCodes(active))).toEqual(new Set([circle.amaraOwn, circle.amaraSecond, circle.privateCircle, circle.amaraMember]));
    const page1 = await get(amara, `${CIRCLE_PATHS.active}?pageSize=3&pageNo=1`);
    const page2 = await get(amara, `${CIRCLE_PATHS.active}?pageSize=3&pageNo=2`);
    expect(page1.body.data).toHaveLength(3);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.totalRecords).toBe(4);
    expect([...circleCodes(page1), ...circleCodes(page2)]).toEqual(circleCodes(active));
    const jonasActive = await get(jonas, CIRCLE_PATHS.active);
    expect(circleCodes(jonasActive)).toEqual([circle.jonasOwn, circle.amaraOwn]);
    expect(jonasActive.body.data[1]).toMatchObject({ groupAdminCode: amara.userCode, statusCode: 9 });
    expect((await get(jonas, `${CIRCLE_PATHS.own}?pageNo=0`)).status).toBe(400);
  });

  it('shows slates and lists own and followed ones', async () => {
    const own = await get(amara, SLATE_PATHS.slate(slate.amaraOwn));
    expect(own.body.data).toMatchObject({ pageAdminCode: amara.userCode, followingStatus: 'owner', canPost: true, friendStatus: 'No', statusCode: 9 });
    const followed = await get(jonas, SLATE_PATHS.slate(slate.amaraOwn));
    // Jonas is Amara's billionett (the seed makes the demo logins billionetts).
    expect(followed.body.data).toMatchObject({ followingStatus: 'following', canPost: false, friendStatus: 'Yes' });
    expect(followed.body.data.followerCount).toBeGreaterThanOrEqual(1);
    const unpublished = await get(jonas, SLATE_PATHS.slate(slate.unpublished));
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.message).toBe(CIRCLE_MESSAGES.slateNotFound);
    expect((await get(jonas, `${ENTRY_PATHS.suite}?postType=page&profileCode=${slate.unpublished}`)).status).toBe(404);
    expect(slateCodes(await get(amara, SLATE_PATHS.own))).toEqual([slate.amaraOwn]);
    expect(slateCodes(await get(amara, SLATE_PATHS.following))).toEqual([slate.amaraFollows]);
    expect(slateCodes(await get(jonas, SLATE_PATHS.following))).toEqual([slate.amaraOwn]);
    const none = await get(jonas, SLATE_PATHS.own);
    expect(none.body).toMatchObject({ data: [], totalRecords: 0, accessCode: 0 });
  });

  it('fills the side menu with own and joined circles and own and followed slates', async () => {
    const menu = await get(amara, `user/menu/${amara.userCode}`);
    expect(menu.body.data.features).toEqual({ group: 'Yes', page: 'Yes', service: 'Yes', chat: 'Yes' });
    expect(menu.body.data.groups.map((g: { groupCode: string }) => g.groupCode)).toEqual(circleCodes(await get(amara, `${CIRCLE_PATHS.active}?pageSize=100`)));
    expect(menu.body.data.pages).toEqual([
      { pageCode: slate.amaraOwn, pageName: slateDefs[DEMO_SLATES.amaraOwn]![0], statusCode: 9 },
      { pageCode: slate.amaraFollows, pageName: slateDefs[DEMO_SLATES.amaraFollows]![0], statusCode: 9 },
    ]);
    const jonasMenu = await get(jonas, `user/menu/${jonas.userCode}`);
    expect(jonasMenu.body.data.groups.map((g: { groupCode: string }) => g.groupCode)).toEqual([circle.jonasOwn, circle.amaraOwn]);
    expect(jonasMenu.body.data.pages.map((p: { pageCode: string }) => p.pageCode)).toEqual([slate.amaraOwn]);
    // Another member's menu never names a circle the viewer may not read.
    const seen = await get(jonas, `user/menu/${amara.userCode}`);
    const codes = seen.body.data.groups.map((g: { groupCode: string }) => g.groupCode) as string[];
    expect(codes).not.toContain(circle.privateCircle);
    expect(codes).toContain(circle.amaraOwn);
    for (const code of codes) expect((await get(jonas, CIRCLE_PATHS.circle(code))).status).toBe(200);
  });

  it('seeds circle and slate entries with galleries whose pictures are served', async () => {
    const rows = await s.app.db
      .selectDistinct({ code: posts.postCode })
      .from(posts)
      .innerJoin(postMedia, eq(postMedia.postId, posts.id))
      .where(and(inArray(posts.originType, ['group', 'page']), eq(posts.privacyCode, 1)));
    expect(rows.length).toBeGreaterThan(1);
    // Public entries: those on circles and slates Amara may read reach her.
    const readable: PostItem[] = [];
    for (const { code } of rows) {
      const r = await get(amara, ENTRY_PATHS.entry(code));
      if (r.status === 200) readable.push(r.body.data);
    }
    expect(readable.length).toBeGreaterThan(0);
    const gallery = readable[0]!.originalPost!.postGalleries;
    expect(gallery.length).toBeGreaterThan(0);
    expect(gallery[0]).toMatchObject({ mediaType: 'image', width: 960, height: 640 });
    for (const p of [gallery[0]!.path, galleryThumbPath(gallery[0]!.path)]) {
      const file = await fetch(`${s.url}${p}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
    }
  });
});
