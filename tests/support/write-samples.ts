/**
 * One valid queued write of every kind (contract/mutations.ts), each made with the state it
 * needs through plain API calls, and the sync worker's way of sending one: shared by the
 * write registry (every kind applied) and the write shapes (every kept release's writes
 * still applied, tests/fixtures/write-shapes/).
 */
import { randomUUID } from 'node:crypto';
import { v7 as uuid } from 'uuid';
import type { z } from 'zod';
import { createHttp } from '../../src/client/sync/http';
import { API_BASE } from '../../src/contract/codes';
import { CIRCLE_PATHS, SLATE_PATHS } from '../../src/contract/circles';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { mutations, type MutationKind } from '../../src/contract/mutations';
import { NOTIFY_FEATURES } from '../../src/contract/settings';
import { VAULT_PATHS } from '../../src/contract/vault';
import { operationsOf } from './openapi';
import type { TestMember, TestServer } from './server';
import { befriend, TelexClient } from './telex';

/** A kind's payload as a screen hands it to enqueue (before its schema's defaults). */
export type Input<K extends MutationKind> = z.input<(typeof mutations)[K]['payload']>;

export type World = {
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
export const SAMPLES: { [K in MutationKind]: (w: World) => Promise<Input<K>> } = {
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
export type StoredKind =
  | { transport: 'socket'; payload: z.ZodType; frame(payload: unknown): unknown }
  | { transport?: 'http'; method: 'POST' | 'PUT' | 'DELETE'; payload: z.ZodType; path(payload: unknown): string; body(payload: unknown): unknown };
export const kindOf = (kind: MutationKind): StoredKind => mutations[kind];

/** What one send came to; the whole object shows in a failure, with the server's words. */
export type Delivery = { via: string; routed: boolean; answer: string; status: number; message: string };

/** `/api/v1/user/{userCode}/about` → a pattern of the concrete paths it serves. */
const patternOf = (template: string) => new RegExp(`^${template.replace(/[.+*?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** A world on `s` whose writes `me` sends (Sapphire: its plan owns circles and slates). */
export async function makeWorld(s: TestServer): Promise<World> {
  const me = await s.signUpMember({ planCode: 'sapphire' });
  return {
    s,
    me,
    member: () => s.signUpMember({ planCode: 'sapphire' }),
    setup: async (m, method, path, body) => {
      const answer = await s.call(method, path, { token: m.token, body });
      if (answer.status >= 300) throw new Error(`setup ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    },
  };
}

/** An HTTP write as it goes on the wire: path under API_BASE (with its query), body. */
export type WireRequest = { method: 'POST' | 'PUT' | 'DELETE'; path: string; body: unknown };
/** A socket write as it goes on the wire. */
export type WireFrame = { frame: unknown };

/** The request or frame the sync worker sends for `payload` (already parsed by its kind's schema). */
export function wireOf(def: StoredKind, payload: unknown): WireRequest | WireFrame {
  if (def.transport === 'socket') return { frame: def.frame(payload) };
  return { method: def.method, path: def.path(payload), body: def.body(payload) };
}

/**
 * Sends what is on the wire as the worker would. `routed`: the server's route table has the
 * request (a missing route answers 404 like a missing row, so the table is asked).
 */
export async function makeDeliver(w: World): Promise<(wire: WireRequest | WireFrame) => Promise<Delivery>> {
  const doc = (await w.s.call('GET', 'openapi.json')).body;
  const routes = operationsOf(doc).map((op) => ({ method: op.method, pattern: patternOf(op.path) }));
  return async (wire) => {
    if ('frame' in wire) {
      const frame = wire.frame as { id: string };
      const telex = await TelexClient.open(w.s.url, w.me);
      try {
        telex.send(frame);
        const answer = await telex.next((f) => (f.type === 'ack' && f.id === frame.id) || f.type === 'error');
        const acked = answer.type === 'ack';
        return { via: `socket ${JSON.stringify(frame)}`, routed: true, answer: acked ? 'ok' : 'refused', status: acked ? 200 : 0, message: JSON.stringify(answer) };
      } finally {
        await telex.close();
      }
    }
    const { method, path, body } = wire;
    const url = `${API_BASE}/${path.split('?')[0]}`;
    const routed = routes.some((r) => r.method === method && r.pattern.test(url));
    const result = await createHttp({ baseUrl: w.s.api }).send(path, { method, body, idempotencyKey: uuid(), token: w.me.token });
    const message = result.kind === 'ok' ? result.body.message : result.message;
    return { via: `${method} ${url}`, routed, answer: result.kind, status: result.status, message };
  };
}
