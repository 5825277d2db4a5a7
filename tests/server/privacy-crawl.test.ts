/**
 * The privacy crawl: a member hides everything (every feature 'Only me', rows and entries
 * at each level, a comment, a telex to a billionett), each hidden thing carrying a unique
 * canary. The member also runs circles and slates at every privacy, with entries at every
 * privacy on them. Every read of the OpenAPI document (generated: a new read is crawled
 * without editing this file) is called by a stranger, by a billionett and by a member of
 * those circles (a follower of those slates, not a billionett) with every value that could
 * point at those things (the member, each circle and slate, each entry, the comment, each
 * canary as search text). No answer to someone who may not see a thing carries its canary, and an answer
 * that hides (accessCode 106) carries no rows and no counts. A read that names an entry the
 * viewer may not see answers 404, as for a missing code. Controls prove the crawl
 * reaches the things it looks for: what each viewer may see, they do find.
 *
 * About, names, plan and picture are the public profile card (spec §2.2: another member's
 * card shows About), so they carry no canary here.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_FEATURES } from '../../src/contract/codes';
import { insertCircle, insertSlate } from '../support/circles';
import { operationsOf, type Operation } from '../support/openapi';
import { choicesFor, crawlReads } from '../support/read-crawl';
import { startTestServer, type TestMember, type TestServer } from '../support/server';
import { befriend, TelexClient } from '../support/telex';

const canary = (what: string) => `zq${what}${randomBytes(5).toString('hex')}`;

type Viewer = 'stranger' | 'friend' | 'member';

describe('privacy crawl', () => {
  let s: TestServer;
  let owner: TestMember;
  let friend: TestMember;
  let stranger: TestMember;
  let member: TestMember;
  let reads: Operation[];
  /** canary → who may see it (besides the owner). */
  const secrets = new Map<string, Viewer[]>();
  const postCodes: string[] = [];
  /** postCode → who may see that entry (besides the owner). */
  const entrySeenBy = new Map<string, Viewer[]>();
  let commentCode = '';
  const groupCodes: string[] = [];
  const pageCodes: string[] = [];

  beforeAll(async () => {
    s = await startTestServer();
    [owner, friend, stranger, member] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, owner, friend);
    for (const featureCode of PRIVACY_FEATURES) {
      assert.equal((await s.call('PUT', 'user/privacy-setting', { token: owner.token, body: { featureCode, privacyCode: 3 } })).status, 201);
    }
    const levels: [number, Viewer[]][] = [
      [1, ['stranger', 'friend', 'member']],
      [2, ['friend']],
      [3, []],
    ];
    for (const [privacyCode, seenBy] of levels) {
      const text = canary(`entry${privacyCode}x`);
      const userPostCode = randomUUID();
      const made = await s.call('POST', 'user/post', { token: owner.token, body: { userPostCode, featureCode: 5, postDescription: text, privacyCode } });
      assert.equal(made.status, 201);
      secrets.set(text, seenBy);
      postCodes.push(userPostCode);
      entrySeenBy.set(userPostCode, seenBy);
    }
    // A comment on the 'Only me' entry.
    commentCode = randomUUID();
    const comment = canary('comment');
    assert.equal((await s.call('POST', `user/post/${postCodes[2]}/comment/create`, { token: owner.token, body: { commentCode, comment } })).status, 201);
    secrets.set(comment, []);
    // Vault rows: their codes are the canaries ('Everyone' rows, but the work and education features are 'Only me').
    const work = await s.call('POST', `create/user/work/${owner.userCode}`, {
      token: owner.token,
      body: { companyCode: 'siemens', positionCode: 'software-engineer', locationCode: 'berlin-germany', working: 'No', startDate: '2015-03-01', endDate: '2018-06-30', privacyCode: 1 },
    });
    secrets.set(work.body.data.userWorkCode, []);
    const education = await s.call('POST', `create/user/education/${owner.userCode}`, {
      token: owner.token,
      body: { instituteCode: 'eth-zurich', courseCode: 'computer-science', locationCode: 'zurich-switzerland', graduated: 'Yes', startDate: '2010-09-01', endDate: '2014-06-30', privacyCode: 1 },
    });
    secrets.set(education.body.data.userEduCode, []);
    // A telex to the billionett: theirs to read, nobody else's.
    const telex = canary('telex');
    const socket = await TelexClient.open(s.url, owner);
    const id = socket.telex(friend.userCode, telex);
    await socket.next((f) => f.type === 'ack' && f.id === id);
    await socket.close();
    secrets.set(telex, ['friend']);

    // Circles and slates at every privacy (contract/circles.ts): the name is what readers of
    // the circle see; an entry on it at 1 reaches its readers, at 2 its members (followers), at 3 nobody else.
    const post = async (query: string, privacyCode: number, seenBy: Viewer[]) => {
      const text = canary(`on${privacyCode}x`);
      const userPostCode = randomUUID();
      const made = await s.call('POST', `user/post${query}`, { token: owner.token, body: { userPostCode, featureCode: 5, postDescription: text, privacyCode } });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      secrets.set(text, seenBy);
      postCodes.push(userPostCode);
      entrySeenBy.set(userPostCode, seenBy);
    };
    const circleReaders: Record<number, Viewer[]> = { 1: ['stranger', 'friend', 'member'], 2: ['friend', 'member'], 3: ['member'] };
    const slateReaders: Record<number, Viewer[]> = { 1: ['stranger', 'friend', 'member'], 2: ['friend', 'member'], 3: [] };
    for (const privacyCode of [1, 2, 3]) {
      const circleName = canary(`circle${privacyCode}x`);
      const circle = await insertCircle(s.app, owner.userCode, circleName, { privacyCode, people: [member.userCode] });
      secrets.set(circleName, circleReaders[privacyCode]!);
      groupCodes.push(circle.code);
      const slateName = canary(`slate${privacyCode}x`);
      const slate = await insertSlate(s.app, owner.userCode, slateName, { privacyCode, people: [member.userCode] });
      secrets.set(slateName, slateReaders[privacyCode]!);
      pageCodes.push(slate.code);
      await post(`?postType=group&profileCode=${circle.code}`, 1, circleReaders[privacyCode]!);
      await post(`?postType=page&profileCode=${slate.code}`, 1, slateReaders[privacyCode]!);
    }
    await post(`?postType=group&profileCode=${groupCodes[0]}`, 2, ['member']);
    await post(`?postType=group&profileCode=${groupCodes[0]}`, 3, []);
    await post(`?postType=page&profileCode=${pageCodes[0]}`, 2, ['member']);
    await post(`?postType=page&profileCode=${pageCodes[0]}`, 3, []);

    // Barter listings at every privacy: 1 any member, 2 the owner's billionetts, 3 nobody else.
    const barterReaders: Record<number, Viewer[]> = { 1: ['stranger', 'friend', 'member'], 2: ['friend'], 3: [] };
    for (const privacyCode of [1, 2, 3]) {
      const heading = canary(`barter${privacyCode}x`);
      const made = await s.call('POST', 'service/post', {
        token: owner.token,
        body: {
          serviceCode: 'SV27',
          serviceHeading: heading,
          serviceDescription: 'Leaks fixed.',
          privacyCode,
          fromdate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          fromLocationDetails: { placeId: 'p', latitude: 52.52, longitude: 13.405, place: 'Berlin, Germany' },
        },
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      secrets.set(heading, barterReaders[privacyCode]!);
    }

    // The owner's data export, built: it holds every canary, and must reach no viewer's read.
    assert.equal((await s.call('POST', 'user/export', { token: owner.token })).status, 202);
    await s.app.dataExports.drain();

    reads = operationsOf((await s.call('GET', 'openapi.json')).body).filter((op) => op.method === 'GET' && op.path.startsWith('/api/v1/'));
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Every value that could point at the owner's things. */
  const choices = () => choicesFor({ userCode: owner.userCode, groupCodes, pageCodes, postCodes, commentCodes: [commentCode], texts: [...secrets.keys()] });
  const crawl = (viewer: TestMember) => crawlReads(s.url, reads, viewer.token, choices());

  /** Rows or counts in an answer that says it hides (accessCode 106). */
  function hiddenButCounted(body: unknown): boolean {
    if (!body || typeof body !== 'object' || (body as { accessCode?: unknown }).accessCode !== 106) return false;
    const { data, totalRecords } = body as { data?: unknown; totalRecords?: unknown };
    const hasRows = Array.isArray(data) ? data.length > 0 : data !== undefined && data !== null && Object.keys(data as object).length > 0;
    return hasRows || (typeof totalRecords === 'number' && totalRecords > 0);
  }

  it.each(['stranger', 'friend', 'member'] as const)('%s: every read, no canary it may not see, no counts where hidden', { timeout: 180_000 }, async (who) => {
    const viewer = { stranger, friend, member }[who];
    const answers = await crawl(viewer);
    expect(answers.length).toBeGreaterThan(80);
    const leaks: string[] = [];
    const found = new Set<string>();
    for (const a of answers) {
      for (const [secret, seenBy] of secrets) {
        if (!a.text.includes(secret)) continue;
        found.add(secret);
        if (!seenBy.includes(who)) leaks.push(`${secret.slice(0, 12)} in ${a.url.slice(0, 100)}`);
      }
      if (hiddenButCounted(a.body)) leaks.push(`counts behind 106 in ${a.url.slice(0, 100)}`);
      // A read naming an entry this viewer may not see answers 404 as a missing one would:
      // not 403 (that would confirm it exists), not 200 with or without rows.
      const seenBy = entrySeenBy.get(a.values.postCode ?? '');
      if (seenBy && !seenBy.includes(who) && a.status !== 404) leaks.push(`${a.status} for a hidden entry in ${a.url.slice(0, 100)}`);
      // Control: the single entry read opens every entry the viewer may see.
      if (seenBy?.includes(who) && a.op === '/api/v1/user/post/{postCode}' && a.status !== 200) leaks.push(`${a.status} for a visible entry in ${a.url.slice(0, 100)}`);
    }
    expect(leaks).toEqual([]);
    // Controls: what this viewer may see, the crawl does find.
    const allowed = [...secrets].filter(([, seenBy]) => seenBy.includes(who)).map(([secret]) => secret);
    expect(allowed.filter((secret) => !found.has(secret))).toEqual([]);
  });
});
