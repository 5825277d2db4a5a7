/**
 * The sync worker's surface, as the UI sees it through Comlink (client.ts).
 * The worker owns every network call; the UI reads Dexie and calls these.
 *
 * Public auth calls answer with a `CallResult` (they have no rows to mirror);
 * `pull` mirrors server pages into the member's Dexie database; `kick` asks the
 * outbox to replay now (after a queued write).
 *
 * Forced sign-out (a 401 on any call, or an expired session): the worker clears the
 * session row of the device database (store/db.ts `deviceDb().session`) and keeps
 * the member's database and outbox for their next sign-in. The UI watches that row
 * with a live query, so it learns of the sign-out without a message from the worker
 * (and mirrors the row into localStorage accessToken/userData, spec calls.md).
 */
import type { ChangePasswordRequest } from '../../contract/sessions';
import type { SecondFactorChallenge, TotpSetup } from '../../contract/second-factor';
import type { PasskeyAdded, PasskeyAssertion, PasskeyAttestation, PasskeyRequestOptions } from '../../contract/passkeys';
import type { DataExportLink } from '../../contract/data-export';
import type { SignInRequest, SignUpRequest, SessionData } from '../../contract/auth';
import type { Plan } from '../../contract/masters';
import type { ReferenceRequest } from '../../contract/friends';
import type { CropFields } from '../../contract/pictures';
import type { LocationDetails } from '../../contract/entries';
import type { EducationInput, EducationItem, LookupItem, LookupKind, WorkInput, WorkItem } from '../../contract/vault';
import type { FeedSpec } from '../store/feed-pages';
import type { MediaUpload } from '../../contract/media';
import type { BarterPageRequest, ServiceSave } from '../store/barter-pages';
import type { OriginKind, OriginListRequest, OriginPeopleRequest, OriginSave, OriginSearchRequest, OriginWholeRequest, PictureTarget } from '../store/origin-lists';
import type { OriginPrivacyUpdate } from '../../contract/circle-admin';
import type { CallClientFrame, CallServerFrame, RelayAnswer } from '../../contract/calls';
import type { ChatErrorFrame } from '../../contract/chat';

/**
 * The telex socket itself, for a call under way: 'socket.closed' when a logged-in socket
 * goes, 'socket.ready' when a new one is logged in (an answered call sends `call.resume` then).
 */
export type CallSocketSignal = { type: 'socket.closed' } | { type: 'socket.ready' };

/** What a page watching calls gets: a call.* frame, an error frame (its id may be a callId), or the socket's coming and going. */
export type CallSignal = CallServerFrame | ChatErrorFrame | CallSocketSignal;

export type CallResult<T = undefined> =
  | { ok: true; status: number; message: string; data: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]>; offline?: boolean };

// The request shapes live here, not beside their pulls: pull/*.ts import PullResult from
// this file, so this file importing them back would close a loop.
export type FeedRequest = FeedSpec & { kind: 'feed'; pageNo: number };
export type CommentsRequest =
  | { kind: 'comments'; postCode: string; pageNo: number }
  | { kind: 'replies'; postCode: string; commentCode: string; pageNo: number };

/** What a screen can ask the worker to mirror. Later areas add kinds here. */
export type PullRequest =
  | { kind: 'shell' } // profile, plan, menus, masters (privacies, professions, emojis), utilization
  | { kind: 'profile'; userCode: string }
  | { kind: 'personal'; userCode: string }
  // The vault's lists of a member (own or another's) and the own settings.
  | { kind: 'works'; userCode: string }
  | { kind: 'educations'; userCode: string }
  | { kind: 'privacySettings' }
  | { kind: 'notifySettings' }
  | { kind: 'friendsReport'; userCode: string }
  // Billionetts (spec §2.9): pages of 10; `friends` is anyone's (read-only for another member).
  | { kind: 'friends'; userCode: string; pageNo: number }
  | { kind: 'friendRequests'; pageNo: number }
  | { kind: 'requestFriends'; pageNo: number }
  | { kind: 'friendSuggestions'; pageNo: number }
  | { kind: 'references'; pageNo: number }
  | { kind: 'friendSearch'; q: string; pageNo: number }
  // The global search's members (search/users), pages of 16.
  | { kind: 'memberSearch'; q: string; pageNo: number }
  /** Every mirrored page of the own connection lists (Discard of a friend write). */
  | { kind: 'ownFriendLists' }
  // Telex (spec §2.12): billionetts with presence, conversations (size 100), and one
  // conversation's messages, newest page first (size 50). `openPeer`: that chat is open, its unread is 0.
  | { kind: 'chatFriends' }
  | { kind: 'chatHistory'; openPeer?: string }
  | { kind: 'chatMessages'; peer: string; pageNo: number }
  // Entries (spec §2.4, §2.5): feed pages (5) per mode and filter, one entry, comments (3), replies (5).
  | FeedRequest
  | { kind: 'entry'; postCode: string }
  // Bulletins, newest first (the header's list; page 1 also on start and on the socket's word).
  | { kind: 'bulletins'; pageNo: number }
  // Live news of the home column (admin/news/live, category=feature).
  | { kind: 'news' }
  | { kind: 'sessions' }
  | { kind: 'secondFactor' }
  | { kind: 'passkeys' }
  | { kind: 'deletion' }
  // 'Download your data': the member's latest export (accountState 'dataExport').
  | { kind: 'dataExport' }
  | CommentsRequest
  // Circles and slates (contract/circles.ts): a suite's details on visit, and the
  // member's share targets (circles I belong to, slates I own; one page of up to 100).
  | { kind: 'circle'; groupCode: string }
  | { kind: 'slate'; pageCode: string }
  | { kind: 'myCircles' }
  | { kind: 'mySlates' }
  // Circles and slates, complete (issue 11): a member's lists, one's people, the owner's settings and chart.
  | OriginListRequest
  | OriginSearchRequest
  | BarterPageRequest
  | OriginPeopleRequest
  | OriginWholeRequest;

/** `accessCode` 106: the rows are hidden from this member; the worker removed its cached copy. */
export type PullResult = { ok: boolean; status?: number; message?: string; offline?: boolean; accessCode?: number };

export type SyncStatus = {
  /** false after a request found no network (or the engine says offline), true again on any answer. */
  online: boolean;
  /** The outbox loop is running (sending, or waiting out a backoff). */
  replaying: boolean;
  signedIn: boolean;
};

export interface SyncApi {
  /** Read the session from the device database and begin outbox replay if signed in. */
  start(): Promise<SessionData | null>;
  /** A session, or a challenge when the member has two-step sign-in (then signInSecondFactor). */
  signIn(input: SignInRequest): Promise<CallResult<SessionData | SecondFactorChallenge>>;
  /** The second step: a code, a recovery code, or a passkey's answer (the page ran the ceremony). */
  signInSecondFactor(challenge: string, step: { code: string } | { passkey: PasskeyAssertion }): Promise<CallResult<SessionData>>;
  /** A sign-in with a passkey alone: its options, then the page's ceremony's answer. */
  passkeySignInOptions(): Promise<CallResult<PasskeyRequestOptions>>;
  signInWithPasskey(response: PasskeyAssertion, rememberMe: boolean): Promise<CallResult<SessionData>>;
  signUp(input: SignUpRequest): Promise<CallResult>;
  validateUsername(username: string): Promise<CallResult<{ exists: boolean }>>;
  requestResetPassword(username: string): Promise<CallResult>;
  validateResetToken(token: string): Promise<CallResult>;
  resetPassword(token: string, password: string): Promise<CallResult>;
  plans(): Promise<CallResult<Plan[]>>;
  pull(request: PullRequest): Promise<PullResult>;
  /** A write was queued (or retried): replay the outbox now. */
  kick(): Promise<void>;
  /** Send a failed outbox item again, with the same id (Idempotency-Key). */
  retry(id: string): Promise<void>;
  /** Drop a failed outbox item and re-pull its target's rows, undoing its optimistic change. */
  discard(id: string): Promise<void>;
  status(): Promise<SyncStatus>;
  /**
   * Online-only calls of the vault and pictures (DESIGN.md: create/update/delete of
   * work and education may be online-only). Offline they answer `offline: true` with
   * 'You are offline. …' and change nothing. On success the worker re-pulls what
   * they changed (the lists, the profile), so the screens see it through Dexie.
   */
  lookup(kind: LookupKind, text: string): Promise<CallResult<LookupItem[]>>;
  /** Create (no userWorkCode) or update (with it) one work item of the signed-in member. */
  saveWork(input: WorkInput & { userWorkCode?: string }): Promise<CallResult<WorkItem>>;
  deleteWork(workCode: string): Promise<CallResult>;
  saveEducation(input: EducationInput & { userEduCode?: string }): Promise<CallResult<EducationItem>>;
  deleteEducation(educationCode: string): Promise<CallResult>;
  /** Reset the privacy or bulletin settings to their defaults; the answer is mirrored. */
  resetSettings(which: 'privacy' | 'notify'): Promise<CallResult>;
  /**
   * Upload one picture as a temp file. `onProgress` (a Comlink proxy from the UI) gets
   * 0..1 as the bytes go out: the worker sends it by XMLHttpRequest, since fetch has
   * no upload progress. Answers the temp imageName.
   */
  uploadTempPicture(file: Blob, fileName: string, onProgress?: (fraction: number) => void): Promise<CallResult<{ imageName: string }>>;
  /** Crop the temp picture (source pixels); the new profileDp lands in Dexie. */
  cropPicture(crop: Omit<CropFields, 'userCode' | 'dpType' | 'dpValue'>, target?: PictureTarget): Promise<CallResult<{ imageName: string }>>;
  /** Back to the default avatar (profileDp null); `target`: a circle's or slate's picture instead. */
  removePicture(target?: PictureTarget): Promise<CallResult>;
  /**
   * Online-only calls of the billionetts (friend-calls.ts): send a reference, Request
   * again (notify), remove a reference. Offline: 'You are offline. …', nothing changes.
   * On success the reference pages are pulled again.
   */
  sendReference(input: ReferenceRequest): Promise<CallResult>;
  notifyReference(refCode: string): Promise<CallResult>;
  deleteReference(refCode: string): Promise<CallResult>;
  /**
   * Circles and slates, online only (circle-calls.ts): create or update one (`key`: the
   * Idempotency-Key made when its form opened), remove one, change or reset its privacy.
   */
  saveOrigin(save: OriginSave): Promise<CallResult<{ code: string }>>;
  deleteOrigin(kind: OriginKind, code: string): Promise<CallResult>;
  saveOriginPrivacy(kind: OriginKind, code: string, update: OriginPrivacyUpdate | null): Promise<CallResult>;
  /** Report an entry (online only, spec §8: 'Thanks for reporting...' / 'Error...'). */
  reportEntry(postCode: string, reportDescription: string): Promise<CallResult>;
  /**
   * Sign out: drop this member's local database, media cache and session; `pushEndpoint`:
   * this device's push subscription (already unsubscribed by the page), forgotten by the server.
   */
  checkout(pushEndpoint?: string): Promise<void>;
  /** Bulletins on this device (bulletin-calls.ts): the VAPID key, and the subscription kept. */
  pushKey(): Promise<CallResult<string>>;
  /** The browser's PushSubscription as JSON; the worker checks its shape (contract pushSubscriptionBody). */
  savePushSubscription(subscription: PushSubscriptionJSON): Promise<CallResult>;
  /**
   * Telex: the member is looking at the chat with `peer` — its messages are marked read
   * (here and, once connected, on the server) and new ones arrive read. closeChat: none is.
   */
  openChat(peer: string): Promise<void>;
  closeChat(): Promise<void>;
  /**
   * Telex calls (call-signals.ts): the relay's ICE servers for an RTCPeerConnection (online
   * only, not kept); a call.* frame out over the telex socket (false: not connected — a call
   * is not queued); the call.* frames in (and error frames, whose id may be a callId) to
   * `listener`, a Comlink proxy from the page holding the call, until unwatched.
   */
  callRelay(): Promise<CallResult<RelayAnswer>>;
  sendCall(frame: CallClientFrame): Promise<boolean>;
  watchCalls(listener: (signal: CallSignal) => void): Promise<number>;
  unwatchCalls(id: number): Promise<void>;
  /** The page saw the network go (the worker may not): drop the telex socket, retry later. */
  networkLost(): Promise<void>;
  /** The composer's 'Find Location' (geo-calls.ts): online-only gazetteer search. */
  searchPlaces(q: string): Promise<CallResult<LocationDetails[]>>;
  /**
   * Barter, online only (barter-calls.ts): a picture uploaded as it is picked (`key`: its
   * Idempotency-Key), the author's save (create or update) and remove.
   */
  uploadServicePicture(file: Blob, fileName: string, key: string, onProgress?: (fraction: number) => void): Promise<CallResult<MediaUpload>>;
  saveService(save: ServiceSave): Promise<CallResult<{ code: string }>>;
  deleteService(code: string, key: string): Promise<CallResult>;
  /**
   * 'Where you're signed in', online only (session-calls.ts): end one of the member's
   * sessions, or every one but this device's; the list is pulled again after.
   */
  endSession(sessionCode: string): Promise<CallResult>;
  endOtherSessions(): Promise<CallResult<{ ended: number }>>;
  /** A new password, online only; `endOthers` signs every other device out (field errors as the form shows them). */
  changePassword(input: ChangePasswordRequest): Promise<CallResult<{ ended: number }>>;
  /** Two-step sign-in, online only (second-factor-calls.ts): a secret to scan; its first code (answering the recovery codes, once); off with the password. The state lands in Dexie. */
  beginTotp(): Promise<CallResult<TotpSetup>>;
  confirmTotp(code: string): Promise<CallResult<{ recoveryCodes: string[] }>>;
  turnOffTotp(password: string): Promise<CallResult>;
  /** Passkeys, online only (passkey-calls.ts): options to add one, its answer added (recovery codes with the first second factor), renamed, removed. The list lands in Dexie. */
  passkeyOptions(): Promise<CallResult<Record<string, unknown> & { challenge: string }>>;
  addPasskey(response: PasskeyAttestation): Promise<CallResult<PasskeyAdded>>;
  renamePasskey(passkeyCode: string, name: string): Promise<CallResult>;
  removePasskey(passkeyCode: string): Promise<CallResult>;
  /** 'Delete my account', online only (deletion-calls.ts): passkey options to confirm with; the ask (then the page checks out). */
  deletionPasskeyOptions(): Promise<CallResult<PasskeyRequestOptions>>;
  requestDeletion(confirm: { password: string } | { passkey: PasskeyAssertion }): Promise<CallResult<{ deleteAfter: string }>>;
  /** 'Download your data', online only (export-calls.ts): ask for an export (409: one is on its way); a fresh short-lived link to the ready zip. The state lands in Dexie. */
  requestDataExport(): Promise<CallResult>;
  dataExportLink(): Promise<CallResult<DataExportLink>>;
}
