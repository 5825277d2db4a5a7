/**
 * The write registry against the real server (STYLE.md §3): every queued kind of
 * contract/mutations.ts is sent exactly as the sync worker replays it and must be applied.
 * - HTTP kinds: the payload parsed by its schema (as enqueue does), then `method path(payload)`
 *   with `body(payload)` and an Idempotency-Key, through the worker's own door (sync/http.ts),
 *   answered 2xx; and the route is in the server's OpenAPI document.
 * - Socket kinds (telex.send): the kind's frame over the chat socket, answered by an ack.
 * A kind added without a sample below does not compile (and fails here at run time too).
 */
import { randomUUID } from 'node:crypto';
import { v7 as uuid } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createHttp } from '../../src/client/sync/http';
import { API_BASE } from '../../src/contract/codes';
import { CIRCLE_PATHS, SLATE_PATHS } from '../../src/contract/circles';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { MUTATION_KINDS, mutations, type MutationKind } from '../../src/contract/mutations';
import { NOTIFY_FEATURES } from '../../src/contract/settings';
import { VAULT_PATHS } from '../../src/contract/vault';
import { operationsOf } from '../support/openapi';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';
import { befriend, TelexClient } from '../support/telex';

/** A kind's payload as a screen hands it to enqueue (before its schema's defaults). */
type Input<K extends MutationKind> = z.input<(typeof mutations)[K]['payload']>;

type World = {
  s: TestServer;
  /** The member whose queued writes are sent. */
  me: TestMember;
  /** A fresh other member. */
  member(): Promise<TestMember>;
  /** A setup call that must succeed; answers its `data`. */
  // oxlint-disable-next-line typescript/no-explicit-any -- tests read answers loosely.
  setup(m: TestMember, method: string, path: string, body?: unknown): Promise<any>;
};

/** The state each sample needs is made by plain calls; the sample is then the kind's payload in it. */
const entryOf = async (w: World, form: Record<string, unknown> = {}): Promise<string> => {
  const userPostCode = uuid();
  await w.setup(w.me, 'POST', ENTRY_PATHS.create, { userPostCode, featureCode: 5, postDescription: 'Registry sample', ...form });
  return userPostCode;
};
const commentOf = async (w: World, postCode: string): Promise<string> => {
  const commentCode = uuid();
  await w.setup(w.me, 'POST', ENTRY_PATHS.commentCreate(postCode), { commentCode, comment: 'A sample comment' });
  return commentCode;
};
const work = { companyCode: 'siemens', positionCode: 'software-engineer', locationCode: 'berlin-germany', working: 'Yes', startDate: '2015-03-01', endDate: '', privacyCode: 1 };
const education = { instituteCode: 'eth-zurich', courseCode: 'computer-science', locationCode: 'zurich-switzerland', graduated: 'Yes', startDate: '2010-09-01', endDate: '2014-06-30', privacyCode: 1 };
/** A circle or slate of `owner` (made through the API, as a member would). */
const circleOf = async (w: World, owner: TestMember, extra: Record<string, unknown> = {}): Promise<string> =>
  (await w.setup(owner, 'POST', CIRCLE_PATHS.create, { groupName: 'Registry circle', groupCaption: 'Samples', groupType: 'P02', privacyCode: 1, ...extra })).groupCode;
const slateOf = async (w: World, owner: TestMember, extra: Record<string, unknown> = {}): Promise<string> =>
  (await w.setup(owner, 'POST', SLATE_PATHS.create, { pageName: 'Registry slate', pageCaption: 'Samples', pageType: 'P02', privacyCode: 1, ...extra })).pageCode;
/** Join requests / follow requests by the owner's leave only (privacy 3 on 'requests'). */
const asksOnly = async (w: World, owner: TestMember, kind: 'circle' | 'slate', code: string) =>
  w.setup(owner, 'PUT', kind === 'circle' ? CIRCLE_PATHS.privacy(code) : SLATE_PATHS.privacy(code), { featureCode: 'requests', privacyCode: kind === 'circle' ? 2 : 3 });
const poll = { pollingQuestion: 'Tea or coffee?', pollingAnswer1: 'Tea', pollingAnswer2: 'Coffee' };

/** One valid payload per kind, made with whatever state it needs. */
const SAMPLES: { [K in MutationKind]: (w: World) => Promise<Input<K>> } = {
  'about.update': async (w) => ({ userCode: w.me.userCode, data: { about: 'Written by the registry test.' } }),
  'personal.update': async (w) => ({ userCode: w.me.userCode, data: { privacyCode: 2 } }),
  'work.privacy': async (w) => {
    const row = await w.setup(w.me, 'POST', VAULT_PATHS.createWork(w.me.userCode), work);
    return { userCode: w.me.userCode, data: { userWorkCode: row.userWorkCode, privacyCode: 2 } };
  },
  'education.privacy': async (w) => {
    const row = await w.setup(w.me, 'POST', VAULT_PATHS.createEducation(w.me.userCode), education);
    return { userCode: w.me.userCode, data: { userEduCode: row.userEduCode, privacyCode: 3 } };
  },
  'privacySetting.update': async (w) => ({ userCode: w.me.userCode, data: { featureCode: 'suite', privacyCode: 2 } }),
  'notifySetting.update': async (w) => ({ userCode: w.me.userCode, data: { featureCode: NOTIFY_FEATURES[0], notify: 'No' } }),
  'friendRequest.accept': async (w) => {
    const other = await w.member();
    await w.setup(other, 'PUT', FRIEND_PATHS.suggestionAccept(w.me.userCode));
    return { userCode: w.me.userCode, friendCode: other.userCode };
  },
  'friendRequest.reject': async (w) => {
    const other = await w.member();
    await w.setup(other, 'PUT', FRIEND_PATHS.suggestionAccept(w.me.userCode));
    return { userCode: w.me.userCode, friendCode: other.userCode };
  },
  'friendSuggestion.request': async (w) => ({ userCode: w.me.userCode, friendCode: (await w.member()).userCode }),
  'friendSuggestion.dismiss': async (w) => ({ userCode: w.me.userCode, friendCode: (await w.member()).userCode }),
  'sentRequest.remove': async (w) => {
    const other = await w.member();
    await w.setup(w.me, 'PUT', FRIEND_PATHS.suggestionAccept(other.userCode));
    return { userCode: w.me.userCode, friendCode: other.userCode };
  },
  'friend.unfriend': async (w) => {
    const other = await w.member();
    await befriend(w.s.api, w.me, other);
    return { userCode: w.me.userCode, friendCode: other.userCode };
  },
  'entry.create': async (w) => ({
    userCode: w.me.userCode,
    postType: 'user',
    data: { userPostCode: uuid(), featureCode: 5, postDescription: 'Queued while offline' },
  }),
  'entry.share': async (w) => ({
    userCode: w.me.userCode,
    postType: 'user',
    data: { userPostCode: uuid(), originalUserPostCode: await entryOf(w), postDescription: 'Worth reading' },
  }),
  'entry.delete': async (w) => ({ userCode: w.me.userCode, postCode: await entryOf(w) }),
  'entry.privacy': async (w) => ({ userCode: w.me.userCode, postCode: await entryOf(w), data: { privacyCode: 2 } }),
  'entry.save': async (w) => ({ userCode: w.me.userCode, postCode: await entryOf(w) }),
  'entry.unsave': async (w) => {
    const postCode = await entryOf(w);
    await w.setup(w.me, 'POST', ENTRY_PATHS.save(postCode));
    return { userCode: w.me.userCode, postCode };
  },
  'entry.rate': async (w) => ({ userCode: w.me.userCode, postCode: await entryOf(w), data: { rating: 4.5 } }),
  'poll.vote': async (w) => {
    const postCode = await entryOf(w, { featureCode: 1, postDescription: '', pollingDetails: poll });
    return { userCode: w.me.userCode, postCode, data: { userPostCode: postCode, pollingResponse: 2 } };
  },
  'comment.create': async (w) => ({
    userCode: w.me.userCode,
    postCode: await entryOf(w),
    data: { commentCode: uuid(), comment: 'Queued comment' },
  }),
  'comment.update': async (w) => {
    const postCode = await entryOf(w);
    return { userCode: w.me.userCode, postCode, commentCode: await commentOf(w, postCode), data: { comment: 'Edited comment' } };
  },
  'comment.delete': async (w) => {
    const postCode = await entryOf(w);
    return { userCode: w.me.userCode, postCode, commentCode: await commentOf(w, postCode) };
  },
  'comment.react': async (w) => {
    const postCode = await entryOf(w);
    const commentCode = await commentOf(w, postCode);
    return { userCode: w.me.userCode, postCode, data: { exp: 'like', commentCode, userPostCode: postCode } };
  },
  'circle.follow': async (w) => ({ userCode: w.me.userCode, groupCode: await circleOf(w, await w.member()) }),
  'circle.later': async (w) => ({ userCode: w.me.userCode, groupCode: await circleOf(w, await w.member()) }),
  'circle.unfollow': async (w) => {
    const groupCode = await circleOf(w, await w.member());
    await w.setup(w.me, 'PUT', CIRCLE_PATHS.suggestionAccept(groupCode));
    return { userCode: w.me.userCode, groupCode };
  },
  'circle.inviteAccept': async (w) => {
    const owner = await w.member();
    await befriend(w.s.api, owner, w.me);
    const groupCode = await circleOf(w, owner);
    await w.setup(owner, 'POST', CIRCLE_PATHS.sendInvite(groupCode, w.me.userCode));
    return { userCode: w.me.userCode, groupCode };
  },
  'circle.inviteReject': async (w) => {
    const owner = await w.member();
    await befriend(w.s.api, owner, w.me);
    const groupCode = await circleOf(w, owner);
    await w.setup(owner, 'POST', CIRCLE_PATHS.sendInvite(groupCode, w.me.userCode));
    return { userCode: w.me.userCode, groupCode };
  },
  'circle.requestAccept': async (w) => {
    const asker = await w.member();
    const groupCode = await circleOf(w, w.me);
    await asksOnly(w, w.me, 'circle', groupCode);
    await w.setup(asker, 'PUT', CIRCLE_PATHS.suggestionAccept(groupCode));
    return { userCode: w.me.userCode, groupCode, memberCode: asker.userCode };
  },
  'circle.requestReject': async (w) => {
    const asker = await w.member();
    const groupCode = await circleOf(w, w.me);
    await asksOnly(w, w.me, 'circle', groupCode);
    await w.setup(asker, 'PUT', CIRCLE_PATHS.suggestionAccept(groupCode));
    return { userCode: w.me.userCode, groupCode, memberCode: asker.userCode };
  },
  'circle.memberRemove': async (w) => {
    const other = await w.member();
    const groupCode = await circleOf(w, w.me);
    await w.setup(other, 'PUT', CIRCLE_PATHS.suggestionAccept(groupCode));
    return { userCode: w.me.userCode, groupCode, memberCode: other.userCode };
  },
  'circle.sendInvite': async (w) => {
    const friend = await w.member();
    await befriend(w.s.api, w.me, friend);
    return { userCode: w.me.userCode, groupCode: await circleOf(w, w.me), memberCode: friend.userCode };
  },
  'circle.cancelInvite': async (w) => {
    const friend = await w.member();
    await befriend(w.s.api, w.me, friend);
    const groupCode = await circleOf(w, w.me);
    await w.setup(w.me, 'POST', CIRCLE_PATHS.sendInvite(groupCode, friend.userCode));
    return { userCode: w.me.userCode, groupCode, memberCode: friend.userCode };
  },
  'barter.create': async (w) => ({
    userCode: w.me.userCode,
    serviceName: 'Tutoring',
    data: {
      userServiceCode: randomUUID(),
      serviceCode: 'SV33',
      serviceHeading: 'Queued while offline',
      serviceDescription: 'Algebra on Tuesdays.',
      privacyCode: 1,
      fromdate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      fromLocationDetails: { placeId: 'p', latitude: 38.72, longitude: -9.14, place: 'Lisbon, Portugal' },
      serviceGalleries: [],
      deleteImages: [],
    },
  }),
  'bulletin.read': async (w) => ({ userCode: w.me.userCode, data: { all: true as const } }),
  'slate.follow': async (w) => ({ userCode: w.me.userCode, pageCode: await slateOf(w, await w.member()) }),
  'slate.later': async (w) => ({ userCode: w.me.userCode, pageCode: await slateOf(w, await w.member()) }),
  'slate.unfollow': async (w) => {
    const pageCode = await slateOf(w, await w.member());
    await w.setup(w.me, 'PUT', SLATE_PATHS.follow(pageCode));
    return { userCode: w.me.userCode, pageCode };
  },
  'slate.requestAccept': async (w) => {
    const asker = await w.member();
    const pageCode = await slateOf(w, w.me);
    await asksOnly(w, w.me, 'slate', pageCode);
    await w.setup(asker, 'PUT', SLATE_PATHS.follow(pageCode));
    return { userCode: w.me.userCode, pageCode, memberCode: asker.userCode };
  },
  'slate.requestReject': async (w) => {
    const asker = await w.member();
    const pageCode = await slateOf(w, w.me);
    await asksOnly(w, w.me, 'slate', pageCode);
    await w.setup(asker, 'PUT', SLATE_PATHS.follow(pageCode));
    return { userCode: w.me.userCode, pageCode, memberCode: asker.userCode };
  },
  'slate.followerRemove': async (w) => {
    const other = await w.member();
    const pageCode = await slateOf(w, w.me);
    await w.setup(other, 'PUT', SLATE_PATHS.follow(pageCode));
    return { userCode: w.me.userCode, pageCode, memberCode: other.userCode };
  },
  'telex.send': async (w) => {
    const peer = await w.member();
    await befriend(w.s.api, w.me, peer);
    return { userCode: w.me.userCode, peer: peer.userCode, id: uuid(), body: 'Hello from the outbox', time: new Date().toISOString() };
  },
};

/**
 * A kind as the replay reads it from a stored item, whatever its kind (sync/replay.ts):
 * method-style members, so every kind's definition is one of these without a cast.
 */
type StoredKind =
  | { transport: 'socket'; payload: z.ZodType; frame(payload: unknown): unknown }
  | { transport?: 'http'; method: 'POST' | 'PUT' | 'DELETE'; payload: z.ZodType; path(payload: unknown): string; body(payload: unknown): unknown };
const kindOf = (kind: MutationKind): StoredKind => mutations[kind];

/** What one send came to; the whole object shows in a failure, with the server's words. */
type Delivery = { via: string; routed: boolean; answer: string; status: number; message: string };

/** `/api/v1/user/{userCode}/about` → a pattern of the concrete paths it serves. */
const patternOf = (template: string) => new RegExp(`^${template.replace(/[.+*?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

describe.each(dbTargets())('write registry on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let w: World;
  let routes: { method: string; pattern: RegExp }[];

  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    // Sapphire: its plan owns circles and slates (the slate kinds need one of its own).
    const me = await s.signUpMember({ planCode: 'sapphire' });
    w = {
      s,
      me,
      member: () => s.signUpMember({ planCode: 'sapphire' }),
      setup: async (m, method, path, body) => {
        const answer = await s.call(method, path, { token: m.token, body });
        if (answer.status >= 300) throw new Error(`setup ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body.data;
      },
    };
    const doc = (await s.call('GET', 'openapi.json')).body;
    routes = operationsOf(doc).map((op) => ({ method: op.method, pattern: patternOf(op.path) }));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('has a sample for every kind, and none for a name that is no kind', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...MUTATION_KINDS].sort());
  });

  /**
   * Sends one queued item as the worker would. `routed`: the server's route table has the
   * request (a missing route answers 404 like a missing row, so the table is asked).
   */
  async function deliver(def: StoredKind, payload: unknown): Promise<Delivery> {
    if (def.transport === 'socket') {
      const frame = def.frame(payload) as { id: string };
      const telex = await TelexClient.open(s.url, w.me);
      try {
        telex.send(frame);
        const answer = await telex.next((f) => (f.type === 'ack' && f.id === frame.id) || f.type === 'error');
        const acked = answer.type === 'ack';
        return { via: `socket ${JSON.stringify(frame)}`, routed: true, answer: acked ? 'ok' : 'refused', status: acked ? 200 : 0, message: JSON.stringify(answer) };
      } finally {
        await telex.close();
      }
    }
    const { method } = def;
    const path = def.path(payload);
    const url = `${API_BASE}/${path.split('?')[0]}`;
    const routed = routes.some((r) => r.method === method && r.pattern.test(url));
    const result = await createHttp({ baseUrl: s.api }).send(path, { method, body: def.body(payload), idempotencyKey: uuid(), token: w.me.token });
    const message = result.kind === 'ok' ? result.body.message : result.message;
    return { via: `${method} ${url}`, routed, answer: result.kind, status: result.status, message };
  }

  it.each(MUTATION_KINDS)('%s has a route and is applied when sent as the sync worker sends it', async (kind) => {
    const sample: ((w: World) => Promise<unknown>) | undefined = SAMPLES[kind];
    expect(sample).toBeTypeOf('function');
    const def = kindOf(kind);
    // enqueue parses the payload by its kind's schema and stores the parsed one; replay sends that.
    const payload = def.payload.parse(await sample?.(w));
    const sent = await deliver(def, payload);
    // Compared whole, so a failure shows the request and the server's words beside the difference.
    expect(sent).toEqual({ ...sent, routed: true, answer: 'ok' });
    expect(sent.status).toBeGreaterThanOrEqual(200);
    expect(sent.status).toBeLessThan(300);
  });
});
