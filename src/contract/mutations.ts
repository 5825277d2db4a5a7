import { z } from 'zod';
import { CHAT_BODY_MAX, type ChatClientFrame } from './chat';
import {
  commentCreate,
  commentReact,
  commentUpdate,
  ENTRY_PATHS,
  entryForm,
  pollVoteForm,
  privacyUpdate,
  rateForm,
  shareForm,
  targetQuery,
} from './entries';
import { FRIEND_PATHS } from './friends';
import { notifySettingUpdate, privacySettingUpdate, SETTINGS_PATHS } from './settings';
import { barterMutations } from './barter-mutations';
import { bulletinMutations } from './bulletin-mutations';
import { circleMutations } from './circle-mutations';
import { define, defineSocket } from './mutation-def';
import { targets } from './targets';
import { aboutUpdate, personalUpdate, USER_PATHS } from './user';
import { educationPrivacyUpdate, VAULT_PATHS, workPrivacyUpdate } from './vault';

/**
 * Every queued write kind, once, with a stable name and its payload schema
 * (STYLE.md §3). The client queues `{ kind, payload }`; the sync worker replays it
 * as `method path` with the body below and the item id as `Idempotency-Key`; the
 * server validates the same body schema. A name is never reused for another shape.
 */
const withUser = <S extends z.ZodType>(s: S) => z.object({ userCode: z.string(), data: s });
/** Billionett writes: userCode = the acting member (names the target), friendCode = the other member. */
const friendWrite = z.object({ userCode: z.string(), friendCode: z.string() });
/** userCode = the sender (me), peer = the receiver, id = the message's client id (UUIDv7), time = client time. */
/** Entry writes: userCode = me (the actor), postCode = the entry (its client id when I made it offline). */
const entryTarget = targetQuery.extend({ userCode: z.string() });
const onEntry = <S extends z.ZodRawShape>(shape: S) => z.object({ userCode: z.string(), postCode: z.uuid(), ...shape });
const withQuery = (path: string, q: { postType?: string; profileCode?: string }) =>
  `${path}?${new URLSearchParams({ postType: q.postType ?? 'user', ...(q.profileCode ? { profileCode: q.profileCode } : {}) })}`;
const telexSend = z.object({
  userCode: z.string(),
  peer: z.string(),
  id: z.uuid(),
  body: z.string().trim().min(1).max(CHAT_BODY_MAX),
  time: z.string(),
});

export const mutations = {
  'about.update': define({
    method: 'PUT',
    payload: withUser(aboutUpdate),
    path: (p) => USER_PATHS.updateAbout(p.userCode),
    body: (p) => p.data,
    target: (p) => targets.profile(p.userCode),
  }),
  'personal.update': define({
    method: 'PUT',
    payload: withUser(personalUpdate),
    path: (p) => USER_PATHS.updatePersonal(p.userCode),
    body: (p) => p.data,
    target: (p) => targets.profile(p.userCode),
  }),
  /** The vault table's per-row privacy selector (create/update/delete of rows are online-only). */
  'work.privacy': define({
    method: 'PUT',
    payload: withUser(workPrivacyUpdate),
    path: (p) => VAULT_PATHS.updateWork(p.userCode),
    body: (p) => p.data,
    target: (p) => targets.vault(p.userCode),
  }),
  'education.privacy': define({
    method: 'PUT',
    payload: withUser(educationPrivacyUpdate),
    path: (p) => VAULT_PATHS.updateEducation(p.userCode),
    body: (p) => p.data,
    target: (p) => targets.vault(p.userCode),
  }),
  'privacySetting.update': define({
    method: 'PUT',
    payload: withUser(privacySettingUpdate),
    path: () => SETTINGS_PATHS.updatePrivacy,
    body: (p) => p.data,
    target: (p) => targets.settings(p.userCode),
  }),
  'notifySetting.update': define({
    method: 'PUT',
    payload: withUser(notifySettingUpdate),
    path: () => SETTINGS_PATHS.updateNotify,
    body: (p) => p.data,
    target: (p) => targets.settings(p.userCode),
  }),
  // Billionetts: one target per member, so accept/request/remove/unfriend replay strictly in order.
  'friendRequest.accept': define({
    method: 'POST',
    payload: friendWrite,
    path: (p) => FRIEND_PATHS.requestAccept(p.friendCode),
    body: () => undefined,
    target: (p) => targets.friends(p.userCode),
  }),
  'friendRequest.reject': define({
    method: 'POST',
    payload: friendWrite,
    path: (p) => FRIEND_PATHS.requestReject(p.friendCode),
    body: () => undefined,
    target: (p) => targets.friends(p.userCode),
  }),
  'friendSuggestion.request': define({
    method: 'PUT',
    payload: friendWrite,
    path: (p) => FRIEND_PATHS.suggestionAccept(p.friendCode),
    body: () => undefined,
    target: (p) => targets.friends(p.userCode),
  }),
  'friendSuggestion.dismiss': define({
    method: 'PUT',
    payload: friendWrite,
    path: (p) => FRIEND_PATHS.suggestionReject(p.friendCode),
    body: () => undefined,
    target: (p) => targets.friends(p.userCode),
  }),
  'sentRequest.remove': define({
    method: 'DELETE',
    payload: friendWrite,
    path: (p) => FRIEND_PATHS.removeRequested(p.friendCode),
    body: () => undefined,
    target: (p) => targets.friends(p.userCode),
  }),
  'friend.unfriend': define({
    method: 'PUT',
    payload: friendWrite,
    path: (p) => FRIEND_PATHS.unfriend(p.friendCode),
    body: () => undefined,
    target: (p) => targets.friends(p.userCode),
  }),
  // Entries (issue 3). Every write on an entry targets `targets.entry(postCode)`, so a comment,
  // rating or vote on an entry written offline waits for the entry's create.
  'entry.create': define({
    method: 'POST',
    payload: entryTarget.extend({ data: entryForm }),
    path: (p) => withQuery(ENTRY_PATHS.create, p),
    body: (p) => p.data,
    target: (p) => targets.entry(p.data.userPostCode),
  }),
  /** Waits for the shared entry (it may itself be an offline create). */
  'entry.share': define({
    method: 'POST',
    payload: entryTarget.extend({ data: shareForm }),
    path: (p) => withQuery(ENTRY_PATHS.share, p),
    body: (p) => p.data,
    target: (p) => targets.entry(p.data.originalUserPostCode),
  }),
  'entry.delete': define({
    method: 'DELETE',
    payload: onEntry({}),
    path: (p) => ENTRY_PATHS.entry(p.postCode),
    body: () => undefined,
    target: (p) => targets.entry(p.postCode),
  }),
  'entry.privacy': define({
    method: 'PUT',
    payload: onEntry({ data: privacyUpdate }),
    path: (p) => ENTRY_PATHS.privacy(p.postCode),
    body: (p) => p.data,
    target: (p) => targets.entry(p.postCode),
  }),
  'entry.save': define({
    method: 'POST',
    payload: onEntry({}),
    path: (p) => ENTRY_PATHS.save(p.postCode),
    body: () => undefined,
    target: (p) => targets.entry(p.postCode),
  }),
  'entry.unsave': define({
    method: 'PUT',
    payload: onEntry({}),
    path: (p) => ENTRY_PATHS.unsave(p.postCode),
    body: () => undefined,
    target: (p) => targets.entry(p.postCode),
  }),
  'entry.rate': define({
    method: 'POST',
    payload: onEntry({ data: rateForm }),
    path: (p) => ENTRY_PATHS.rate(p.postCode),
    body: (p) => p.data,
    target: (p) => targets.entry(p.postCode),
  }),
  'poll.vote': define({
    method: 'POST',
    payload: onEntry({ data: pollVoteForm }),
    path: (p) => ENTRY_PATHS.pollVote(p.postCode),
    body: (p) => p.data,
    target: (p) => targets.entry(p.postCode),
  }),
  /** data.commentCode is the client id of the new comment. */
  'comment.create': define({
    method: 'POST',
    payload: onEntry({ data: commentCreate }),
    path: (p) => ENTRY_PATHS.commentCreate(p.postCode),
    body: (p) => p.data,
    target: (p) => targets.entry(p.postCode),
  }),
  'comment.update': define({
    method: 'PUT',
    payload: onEntry({ commentCode: z.uuid(), data: commentUpdate }),
    path: (p) => ENTRY_PATHS.commentUpdate(p.postCode, p.commentCode),
    body: (p) => p.data,
    target: (p) => targets.entry(p.postCode),
  }),
  'comment.delete': define({
    method: 'DELETE',
    payload: onEntry({ commentCode: z.uuid() }),
    path: (p) => ENTRY_PATHS.comment(p.postCode, p.commentCode),
    body: () => undefined,
    target: (p) => targets.entry(p.postCode),
  }),
  'comment.react': define({
    method: 'POST',
    payload: onEntry({ data: commentReact }),
    path: (p) => ENTRY_PATHS.commentReact(p.postCode, p.data.exp),
    body: (p) => p.data,
    target: (p) => targets.entry(p.postCode),
  }),
  /** A telex message (spec §2.12): one target per peer, so messages to one member go strictly in order. */
  'telex.send': defineSocket({
    transport: 'socket',
    payload: telexSend,
    frame: (p): ChatClientFrame => ({ type: 'message', id: p.id, recvId: p.peer, recvIsGroup: false, body: p.body }),
    target: (p) => targets.telex(p.peer),
  }),
  ...circleMutations,
  ...barterMutations,
  ...bulletinMutations,
} as const;

export type MutationKind = keyof typeof mutations;
export type MutationPayload<K extends MutationKind> = z.infer<(typeof mutations)[K]['payload']>;
export const MUTATION_KINDS = Object.keys(mutations) as MutationKind[];
