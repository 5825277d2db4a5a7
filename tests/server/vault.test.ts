/** Work and education: CRUD (201), order, lookups, per-row and per-feature privacy, owner-only writes, the seed. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RESTRICTED } from '../../src/contract/codes';
import { mutations } from '../../src/contract/mutations';
import { targets } from '../../src/contract/targets';
import { LOOKUP_PATHS, VAULT_MESSAGES, VAULT_PATHS } from '../../src/contract/vault';
import { users } from '../../src/server/db/schema/accounts';
import { educations, works } from '../../src/server/db/schema/vault';
import { generateCommunity } from '../../src/server/seed/community';
import { dbTargets, insertFriendship, serverForSuite, type TestMember, type TestServer } from '../support/server';

const work = (over: Record<string, unknown> = {}) => ({
  companyCode: 'siemens',
  positionCode: 'software-engineer',
  locationCode: 'berlin-germany',
  working: 'No',
  startDate: '2015-03-01',
  endDate: '2018-06-30',
  privacyCode: 1,
  ...over,
});
const education = (over: Record<string, unknown> = {}) => ({
  instituteCode: 'eth-zurich',
  courseCode: 'computer-science',
  locationCode: 'zurich-switzerland',
  graduated: 'Yes',
  startDate: '2010-09-01',
  endDate: '2014-06-30',
  privacyCode: 1,
  ...over,
});

describe.each(dbTargets())('vault on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let owner: TestMember;
  let friend: TestMember;
  let stranger: TestMember;

  serverForSuite({ databaseUrl, seed: true }, 3, (server, m) => ([s, owner, friend, stranger] = [server, m[0]!, m[1]!, m[2]!]));
  beforeAll(() => insertFriendship(s, owner, friend));

  const listWorks = (m: TestMember) => s.call('GET', VAULT_PATHS.works(owner.userCode), { token: m.token });
  const listEducations = (m: TestMember) => s.call('GET', VAULT_PATHS.educations(owner.userCode), { token: m.token });

  it('lookups answer {code, name} lists, prefix matches first, wildcards literal', async () => {
    const r = await s.call('GET', LOOKUP_PATHS.companies('sie'), { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    expect(r.body.data[0]).toEqual({ code: 'siemens', name: 'Siemens' });
    for (const kind of ['positions', 'locations', 'institutes', 'courses'] as const) {
      const found = await s.call('GET', LOOKUP_PATHS[kind]('an'), { token: owner.token });
      expect([kind, found.body.data.length > 0]).toEqual([kind, true]);
    }
    expect((await s.call('GET', 'postions/search/Engineer', { token: owner.token })).body.data.map((p: { name: string }) => p.name)).toContain('Software Engineer');
    expect((await s.call('GET', LOOKUP_PATHS.locations('%'), { token: owner.token })).body.data).toEqual([]);
    expect((await s.call('GET', LOOKUP_PATHS.institutes('zzzz'), { token: owner.token })).body.data).toEqual([]);
    expect((await s.call('GET', LOOKUP_PATHS.courses('law'))).status).toBe(401);
  });

  it('creates work (201) with names from the lookups; the current job comes first', async () => {
    const past = await s.call('POST', VAULT_PATHS.createWork(owner.userCode), { token: owner.token, body: work() });
    expect(past.status).toBe(201);
    expect(past.body.code).toBe(201);
    expect(past.body.data).toMatchObject({
      companyName: 'Siemens',
      positionName: 'Software Engineer',
      locationName: 'Berlin, Germany',
      working: 'No',
      endDate: '2018-06-30',
      privacyName: 'Everyone',
    });
    expect(past.body.data.workCode).toBe(past.body.data.userWorkCode);
    const current = await s.call('POST', VAULT_PATHS.createWork(owner.userCode), {
      token: owner.token,
      body: work({ companyCode: 'sap', working: 'Yes', startDate: '2012-01-01', endDate: '2013-01-01' }),
    });
    expect(current.status).toBe(201);
    // Working → no end date, whatever was sent.
    expect(current.body.data.endDate).toBe('');
    const newer = await s.call('POST', VAULT_PATHS.createWork(owner.userCode), { token: owner.token, body: work({ startDate: '2019-01-01', endDate: '2020-01-01' }) });
    const list = await listWorks(owner);
    expect(list.body.accessCode).toBe(0);
    expect(list.body.data.map((w: { userWorkCode: string }) => w.userWorkCode)).toEqual([
      current.body.data.userWorkCode,
      newer.body.data.userWorkCode,
      past.body.data.userWorkCode,
    ]);
  });

  it('refuses bad work with the spec\'s messages', async () => {
    const create = (body: unknown) => s.call('POST', VAULT_PATHS.createWork(owner.userCode), { token: owner.token, body });
    const cases: [Record<string, unknown>, string, string][] = [
      [work({ companyCode: '' }), 'companyCode', VAULT_MESSAGES.companyRequired],
      [work({ positionCode: '' }), 'positionCode', VAULT_MESSAGES.positionRequired],
      [work({ locationCode: '' }), 'locationCode', VAULT_MESSAGES.locationRequired],
      [work({ startDate: '' }), 'startDate', VAULT_MESSAGES.startDateRequired],
      [work({ endDate: '' }), 'endDate', VAULT_MESSAGES.endDateRequired],
      [work({ endDate: '2000-01-01' }), 'endDate', VAULT_MESSAGES.endBeforeStart],
      [work({ privacyCode: null }), 'privacyCode', VAULT_MESSAGES.privacyRequired],
      [work({ companyCode: 'no-such-company' }), 'companyCode', VAULT_MESSAGES.companyRequired],
    ];
    for (const [body, field, message] of cases) {
      const r = await create(body);
      expect([field, r.status]).toEqual([field, 400]);
      expect([field, r.body.errors[field]?.includes(message)]).toEqual([field, true]);
    }
  });

  it('updates a whole row or only its privacy (201); a bad full update is refused, not half-applied', async () => {
    const [first] = (await listWorks(owner)).body.data;
    const full = await s.call('PUT', VAULT_PATHS.updateWork(owner.userCode), {
      token: owner.token,
      body: { ...work({ positionCode: 'director', working: 'Yes', startDate: '2021-02-01' }), userWorkCode: first.userWorkCode },
    });
    expect(full.status).toBe(201);
    expect(full.body.data).toMatchObject({ positionName: 'Director', working: 'Yes', endDate: '' });

    const bad = await s.call('PUT', VAULT_PATHS.updateWork(owner.userCode), {
      token: owner.token,
      body: { ...work({ companyCode: '', privacyCode: 3 }), userWorkCode: first.userWorkCode },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.companyCode).toContain(VAULT_MESSAGES.companyRequired);

    // The queued kind replays exactly like this (path, body) with an Idempotency-Key.
    const def = mutations['work.privacy'];
    const payload = { userCode: owner.userCode, data: { userWorkCode: first.userWorkCode, privacyCode: 2 } };
    const headers = { 'idempotency-key': `k-${first.userWorkCode}` };
    const privacy = await s.call(def.method, def.path(payload), { token: owner.token, body: def.body(payload), headers });
    expect(privacy.status).toBe(201);
    expect(privacy.body.data).toMatchObject({ privacyCode: 2, privacyName: 'Billionetts', positionName: 'Director' });
    const again = await s.call(def.method, def.path(payload), { token: owner.token, body: def.body(payload), headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(def.target(payload)).toBe(targets.vault(owner.userCode));

    const unknown = await s.call('PUT', VAULT_PATHS.updateWork(owner.userCode), { token: owner.token, body: { userWorkCode: 'W-nope', privacyCode: 1 } });
    expect(unknown.status).toBe(404);
  });

  it('education: create, order (in progress first), update, privacy, messages', async () => {
    const done = await s.call('POST', VAULT_PATHS.createEducation(owner.userCode), { token: owner.token, body: education() });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ instituteName: 'ETH Zurich', courseName: 'Computer Science', locationName: 'Zurich, Switzerland', graduated: 'Yes' });
    expect(done.body.data.educationCode).toBe(done.body.data.userEduCode);
    const ongoing = await s.call('POST', VAULT_PATHS.createEducation(owner.userCode), {
      token: owner.token,
      body: education({ instituteCode: 'insead', courseCode: 'executive-mba', graduated: 'No', startDate: '2024-09-01', endDate: '' }),
    });
    expect(ongoing.body.data.endDate).toBe('');
    const list = await listEducations(owner);
    expect(list.body.data.map((e: { userEduCode: string }) => e.userEduCode)).toEqual([ongoing.body.data.userEduCode, done.body.data.userEduCode]);

    for (const [field, body] of [
      ['instituteCode', education({ instituteCode: '' })],
      ['courseCode', education({ courseCode: '' })],
      ['locationCode', education({ locationCode: '' })],
      ['startDate', education({ startDate: '' })],
      ['privacyCode', education({ privacyCode: 0 })],
    ] as const) {
      const r = await s.call('POST', VAULT_PATHS.createEducation(owner.userCode), { token: owner.token, body });
      expect([field, r.status]).toEqual([field, 400]);
      expect([field, Object.keys(r.body.errors).includes(field)]).toEqual([field, true]);
    }

    const updated = await s.call('PUT', VAULT_PATHS.updateEducation(owner.userCode), {
      token: owner.token,
      body: { ...education({ courseCode: 'physics' }), userEduCode: done.body.data.userEduCode },
    });
    expect(updated.status).toBe(201);
    expect(updated.body.data.courseName).toBe('Physics');
    const def = mutations['education.privacy'];
    const payload = { userCode: owner.userCode, data: { userEduCode: done.body.data.userEduCode, privacyCode: 3 } };
    const privacy = await s.call(def.method, def.path(payload), { token: owner.token, body: def.body(payload) });
    expect(privacy.status).toBe(201);
    expect(privacy.body.data.privacyName).toBe('Only me');
  });

  it("'Only me' rows never reach another member; billionetts rows reach friends only", async () => {
    const body = await listWorks(owner);
    const [first, second] = body.body.data;
    // first: privacy 2 (from the update test); make second 'Only me'.
    await s.call('PUT', VAULT_PATHS.updateWork(owner.userCode), { token: owner.token, body: { userWorkCode: second.userWorkCode, privacyCode: 3 } });
    const codes = (r: { body: { data: { userWorkCode: string }[] } }) => r.body.data.map((w) => w.userWorkCode);
    expect(codes(await listWorks(owner))).toHaveLength(3);
    const forFriend = codes(await listWorks(friend));
    expect(forFriend).toContain(first.userWorkCode);
    expect(forFriend).not.toContain(second.userWorkCode);
    const forStranger = await listWorks(stranger);
    expect(forStranger.body.accessCode).toBe(0);
    expect(codes(forStranger)).not.toContain(first.userWorkCode);
    expect(codes(forStranger)).not.toContain(second.userWorkCode);
    expect(JSON.stringify(forStranger.body)).not.toContain(second.userWorkCode);
    const edu = await listEducations(stranger);
    expect(edu.body.data.every((e: { privacyCode: number }) => e.privacyCode === 1)).toBe(true);
  });

  it('a hidden feature answers 106 and no rows', async () => {
    const setFeature = (featureCode: string, privacyCode: number) =>
      s.call('PUT', 'user/privacy-setting/', { token: owner.token, body: { featureCode, privacyCode } });
    expect((await setFeature('work', 3)).status).toBe(201);
    for (const m of [friend, stranger]) {
      const r = await listWorks(m);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: 200, message: expect.any(String), accessCode: ACCESS_RESTRICTED });
    }
    expect((await listWorks(owner)).body.data).toHaveLength(3);
    await setFeature('education', 2);
    expect((await listEducations(stranger)).body.accessCode).toBe(ACCESS_RESTRICTED);
    expect((await listEducations(friend)).body.accessCode).toBe(0);
    await setFeature('work', 1);
    await setFeature('education', 1);
  });

  it("another member's writes answer 403; unknown members and rows 404", async () => {
    const [w] = (await listWorks(owner)).body.data;
    const [e] = (await listEducations(owner)).body.data;
    const asStranger = { token: stranger.token };
    expect((await s.call('POST', VAULT_PATHS.createWork(owner.userCode), { ...asStranger, body: work() })).status).toBe(403);
    expect((await s.call('PUT', VAULT_PATHS.updateWork(owner.userCode), { ...asStranger, body: { userWorkCode: w.userWorkCode, privacyCode: 1 } })).status).toBe(403);
    // Own path, someone else's row.
    expect((await s.call('PUT', VAULT_PATHS.updateWork(stranger.userCode), { ...asStranger, body: { userWorkCode: w.userWorkCode, privacyCode: 1 } })).status).toBe(403);
    expect((await s.call('DELETE', VAULT_PATHS.deleteWork(w.userWorkCode), asStranger)).status).toBe(403);
    expect((await s.call('POST', VAULT_PATHS.createEducation(owner.userCode), { ...asStranger, body: education() })).status).toBe(403);
    expect((await s.call('PUT', VAULT_PATHS.updateEducation(owner.userCode), { ...asStranger, body: { userEduCode: e.userEduCode, privacyCode: 1 } })).status).toBe(403);
    expect((await s.call('DELETE', VAULT_PATHS.deleteEducation(e.userEduCode), asStranger)).status).toBe(403);
    expect((await s.call('GET', VAULT_PATHS.works('nobody'), asStranger)).status).toBe(404);
    expect((await s.call('DELETE', VAULT_PATHS.deleteWork('W-nope'), { token: owner.token })).status).toBe(404);
    expect((await listWorks(owner)).body.data).toHaveLength(3);
  });

  it('deletes own rows', async () => {
    const [w] = (await listWorks(owner)).body.data;
    const gone = await s.call('DELETE', VAULT_PATHS.deleteWork(w.userWorkCode), { token: owner.token });
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ code: w.userWorkCode });
    expect((await listWorks(owner)).body.data).toHaveLength(2);
    const [e] = (await listEducations(owner)).body.data;
    expect((await s.call('DELETE', VAULT_PATHS.deleteEducation(e.userEduCode), { token: owner.token })).status).toBe(200);
    expect((await listEducations(owner)).body.data).toHaveLength(1);
  });

  it('the seed gives every member 1–3 jobs and 1–2 studies; Jonas keeps his work private', async () => {
    const { members } = generateCommunity();
    const [amara, jonas] = members;
    const [amaraRow] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.userCode, amara!.userCode));
    const amaraWorks = await s.app.db.select().from(works).where(eq(works.userId, amaraRow!.id));
    const amaraStudies = await s.app.db.select().from(educations).where(eq(educations.userId, amaraRow!.id));
    expect(amaraWorks.length).toBeGreaterThanOrEqual(1);
    expect(amaraWorks.length).toBeLessThanOrEqual(3);
    expect(amaraStudies.length).toBeGreaterThanOrEqual(1);
    const all = await s.app.db.select({ privacyCode: works.privacyCode }).from(works);
    expect(all.some((w) => w.privacyCode === 3)).toBe(true);
    expect(all.some((w) => w.privacyCode === 2)).toBe(true);
    const visit = await s.call('GET', VAULT_PATHS.works(jonas!.userCode), { token: stranger.token });
    expect(visit.body.accessCode).toBe(ACCESS_RESTRICTED);
    const personal = await s.call('GET', `user/personal?friendCode=${jonas!.userCode}`, { token: stranger.token });
    const workAccess = personal.body.data.userPrivacyResponse.find((p: { featureName: string }) => p.featureName === 'work');
    expect(workAccess.privacyResponseCode).toBe(ACCESS_RESTRICTED);
    expect((await s.call('GET', VAULT_PATHS.educations(jonas!.userCode), { token: stranger.token })).body.accessCode).toBe(0);
  });
});
