/** Profile calls: owner-only writes, privacy of personal details, plan, menu, utilization, masters, news. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RESTRICTED, PRIVACY_FEATURES } from '../../src/contract/codes';
import { MESSAGES } from '../../src/contract/rules';
import { users } from '../../src/server/db/schema/accounts';
import { runLiveCommand } from '../../src/server/admin/commands';
import { dbTargets, insertFriendship, serverForSuite, type TestMember, type TestServer } from '../support/server';

describe.each(dbTargets())('profile on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let owner: TestMember;
  let friend: TestMember;
  let stranger: TestMember;

  serverForSuite({ databaseUrl, seed: true }, [{ planCode: 'emerald' }, {}, {}], (server, m) => ([s, owner, friend, stranger] = [server, m[0]!, m[1]!, m[2]!]));
  beforeAll(() => insertFriendship(s, owner, friend));

  const setPersonalPrivacy = (code: number) =>
    s.call('PUT', `update/user/personal/${owner.userCode}`, { token: owner.token, body: { privacyCode: code } });

  it('401 without a token or with a bad one, as JSON', async () => {
    const none = await s.call('GET', `user/${owner.userCode}`);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    const bad = await s.call('GET', 'utilization/report', { token: 'not.a.jwt' });
    expect(bad.status).toBe(401);
    expect((await s.call('GET', 'privacies')).status).toBe(401);
  });

  it('reads a profile; 404 for an unknown member', async () => {
    const r = await s.call('GET', `user/${owner.userCode}`, { token: stranger.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ userCode: owner.userCode, planName: 'Emerald', gender: 'Female', profileDp: null, privacyCode: 1, privacyName: 'Everyone' });
    const missing = await s.call('GET', 'user/nobody-here', { token: stranger.token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
  });

  it('personal details: own, and another member by the owner\'s privacy', async () => {
    const own = await s.call('GET', 'user/personal', { token: owner.token });
    expect(own.body.data.userCode).toBe(owner.userCode);
    expect(own.body.data.userPrivacyResponse.map((p: { featureName: string }) => p.featureName)).toEqual([...PRIVACY_FEATURES]);
    const ownByCode = await s.call('GET', `user/personal?friendCode=${owner.userCode}`, { token: owner.token });
    expect(ownByCode.body.data.userCode).toBe(owner.userCode);

    const read = (m: TestMember) => s.call('GET', `user/personal?friendCode=${owner.userCode}`, { token: m.token });
    expect((await read(stranger)).body.data.firstName).toBe('Test');

    expect((await setPersonalPrivacy(2)).status).toBe(201);
    const hidden = await read(stranger);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ code: 200, message: expect.any(String), accessCode: ACCESS_RESTRICTED });
    expect((await read(friend)).body.data.userCode).toBe(owner.userCode);
    // 'calls' tells the viewer whether they may call: a billionett yes, nobody else (issue 30).
    const callsOf = (answer: { body: { data: { userPrivacyResponse: { featureName: string; privacyResponseCode: number }[] } } }) =>
      answer.body.data.userPrivacyResponse.find((p) => p.featureName === 'calls')?.privacyResponseCode;
    expect(callsOf(await read(friend))).toBe(0);
    expect(callsOf(own)).toBe(ACCESS_RESTRICTED);
    // Real names follow the same privacy on the public card.
    expect((await s.call('GET', `user/${owner.userCode}`, { token: stranger.token })).body.data.firstName).toBe('');

    await setPersonalPrivacy(3);
    expect((await read(friend)).body.accessCode).toBe(ACCESS_RESTRICTED);
    expect((await s.call('GET', 'user/personal', { token: owner.token })).body.data.privacyCode).toBe(3);
    await setPersonalPrivacy(1);
    expect((await read(stranger)).body.accessCode).toBe(0);
  });

  it('updates personal details (201, the updated row) and refuses bad input', async () => {
    const r = await s.call('PUT', `update/user/personal/${owner.userCode}`, {
      token: owner.token,
      body: { firstName: 'Grace', lastName: 'Hopper', displayName: 'Amazing Grace', professionCode: 'P02', professionName: 'ignored' },
    });
    expect(r.status).toBe(201);
    expect(r.body.code).toBe(201);
    expect(r.body.data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', displayName: 'Amazing Grace', professionCode: 'P02', professionName: 'Software Engineer' });

    const empty = await s.call('PUT', `update/user/personal/${owner.userCode}`, {
      token: owner.token,
      body: { firstName: '', lastName: 'Hopper', displayName: 'G', professionCode: 'P02' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ firstName: [MESSAGES.firstNameRequired] });

    const badProfession = await s.call('PUT', `update/user/personal/${owner.userCode}`, {
      token: owner.token,
      body: { firstName: 'G', lastName: 'H', displayName: 'G', professionCode: 'ZZZ' },
    });
    expect(badProfession.status).toBe(400);
    expect(badProfession.body.errors).toEqual({ professionCode: [MESSAGES.professionRequired] });

    const badPrivacy = await s.call('PUT', `update/user/personal/${owner.userCode}`, { token: owner.token, body: { privacyCode: 9 } });
    expect(badPrivacy.status).toBe(400);
    expect(badPrivacy.body.errors.privacyCode).toBeDefined();
  });

  it('403 when changing another member\'s personal details or about', async () => {
    const personal = await s.call('PUT', `update/user/personal/${owner.userCode}`, { token: stranger.token, body: { privacyCode: 3 } });
    expect(personal.status).toBe(403);
    expect(personal.body.code).toBe(403);
    const about = await s.call('PUT', `update/user/about/${owner.userCode}`, { token: stranger.token, body: { about: 'hacked' } });
    expect(about.status).toBe(403);
  });

  it('stores about as text, as typed', async () => {
    const text = '<script>alert(1)</script> & "quotes"';
    const r = await s.call('PUT', `update/user/about/${owner.userCode}`, { token: owner.token, body: { about: text } });
    expect(r.status).toBe(201);
    expect(r.body.data.about).toBe(text);
    const [row] = await s.app.db.select({ about: users.about }).from(users).where(eq(users.userCode, owner.userCode));
    expect(row?.about).toBe(text);
    const long = await s.call('PUT', `update/user/about/${owner.userCode}`, { token: owner.token, body: { about: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect(long.body.errors.about).toBeDefined();
  });

  it('plan, menu and utilization follow the plan', async () => {
    const plan = await s.call('GET', `user/plan/${owner.userCode}`, { token: owner.token });
    expect(plan.body.data).toMatchObject({ planCode: 'emerald', planName: 'Emerald', currency: 'USD' });
    expect(plan.body.data.endDate > plan.body.data.startDate).toBe(true);
    const menu = await s.call('GET', `user/menu/${owner.userCode}`, { token: owner.token });
    expect(menu.body.data).toEqual({ features: { group: 'No', page: 'No', service: 'Yes', chat: 'Yes' }, groups: [], pages: [] });
    const rubyMenu = await s.call('GET', `user/menu/${friend.userCode}`, { token: friend.token });
    expect(rubyMenu.body.data.features.group).toBe('Yes');
    const use = await s.call('GET', 'utilization/report', { token: owner.token });
    expect(use.body.data).toMatchObject({ allocatedSize: 1024, remainingSize: 1024 });
  });

  it('serves the master lists and live news', async () => {
    const privacies = await s.call('GET', 'privacies', { token: owner.token });
    expect(privacies.body.data).toEqual([
      { privacyCode: 1, privacyName: 'Everyone' },
      { privacyCode: 2, privacyName: 'Billionetts' },
      { privacyCode: 3, privacyName: 'Only me' },
    ]);
    expect((await s.call('GET', 'professions', { token: owner.token })).body.data.length).toBeGreaterThan(5);
    const emojis = (await s.call('GET', 'emojis', { token: owner.token })).body.data as { emojiType: string }[];
    expect(new Set(emojis.map((e) => e.emojiType))).toEqual(new Set(['feeling', 'activity']));
    const news = await s.call('GET', 'admin/news/live?category=feature', { token: owner.token });
    expect(news.status).toBe(200);
    expect(news.body.code).toBe(0);
    expect(news.body.data.length).toBeGreaterThan(0);
    const times = news.body.data.map((n: { lastUpdatedTime: string }) => n.lastUpdatedTime);
    expect([...times].sort().toReversed()).toEqual(times);
    // Current whenever the demo is seeded: the newest story is minutes old, not days.
    expect(Date.now() - Date.parse(times[0])).toBeLessThan(60 * 60_000);
    const type = news.body.data[0].newsTypeName as string;
    const filtered = await s.call('GET', `admin/news/live?category=${type}`, { token: owner.token });
    expect(filtered.body.data.every((n: { newsTypeName: string }) => n.newsTypeName === type)).toBe(true);

    // The admin publishes a story (it leads at once) and retires it (it is gone); bad input is refused.
    const admin = (command: 'news-publish' | 'news-retire', args: Record<string, string>) =>
      runLiveCommand({ database: { db: s.app.db } as never, dataDir: '', publicUrl: '' }, command, args);
    const [line] = await admin('news-publish', {
      heading: 'Harbour festival opens on Friday',
      link: 'https://example.org/harbour',
      type: 'culture',
    });
    const code = /^published (N[0-9A-F]{10})$/.exec(line ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    const live = async () => (await s.call('GET', 'admin/news/live?category=feature', { token: owner.token })).body.data as { newsCode: string; newsTypeName: string }[];
    expect((await live())[0]).toMatchObject({ newsCode: code, newsTypeName: 'Culture' });
    expect(await admin('news-retire', { code })).toEqual([`retired ${code}`]);
    expect((await live()).some((n) => n.newsCode === code)).toBe(false);
    await expect(admin('news-retire', { code })).rejects.toThrow(/No live news/);
    await expect(admin('news-publish', { heading: 'x', link: 'https://e.org', type: 'Culture' })).rejects.toThrow(/--heading/);
    await expect(admin('news-publish', { heading: 'Fine heading', link: 'javascript:alert(1)', type: 'Culture' })).rejects.toThrow(/--link/);
    await expect(admin('news-publish', { heading: 'Fine heading', link: 'https://e.org', type: 'Gossip' })).rejects.toThrow(/--type/);
  });

  it('the seeded demo members can sign in', async () => {
    const { DEMO_MEMBERS: DEMO_LOGINS } = await import('../support/demo');
    for (const login of DEMO_LOGINS) {
      const r = await s.call('POST', 'auth/signIn', { body: { username: login.email, password: login.password } });
      expect(r.status).toBe(200);
    }
  });
});
