/**
 * The sync worker's API (api.ts), built from its parts so tests can run it outside
 * a Worker with their own fetch, clock and lock manager. sync.worker.ts only exposes it.
 */
import type { SessionData } from '../../contract/auth';
import { deleteMemberDb, memberDb, unlessCheckedOut } from '../store/db';
import { discardItem, retryItem } from '../store/outbox';
import type { PullResult, SyncApi } from './api';
import * as bulletins from './bulletin-calls';
import type { Member, SyncContext } from './context';
import { createHttp } from './http';
import { createPublicSync, reporting } from './public-sync';
import { createLeader, defaultLocks } from './leader';
import { engineOnline, watchOnline, type OnOnline } from './online';
import { pullsForTarget, runPull } from './pull/run-pull';
import { createReplayer } from './replay';
import { clearSession, isExpired, readSession, writeSession } from './session';
import { createRenewal } from './renewal';
import { endSessionOnServer, sendPendingSignOuts } from './sign-out';
import * as pictures from './picture-calls';
import * as vault from './vault-calls';
import * as friends from './friend-calls';
import * as origins from './circle-calls';
import * as entries from './entry-calls';
import { createChatSocket, type ChatSocket } from './socket';
import { carriesFiles, prepareEntryMedia, prepareGalleries } from './entry-media';
import { createUtilizationRefresh } from './utilization';
import * as geo from './geo-calls';
import * as barter from './barter-calls';
import * as sessions from './session-calls';
import * as secondFactor from './second-factor-calls';
import * as passkeys from './passkey-calls';
import * as deletion from './deletion-calls';
import * as dataExport from './export-calls';
import { callRelay, createCallWatchers } from './call-signals';

/** The longest a pull waits for the outbox pass under way (writes first, below): the budget for 100 queued writes. */
const WRITES_FIRST_MS = 2000;

export type SyncOptions = {
  /** Origin + API_BASE, e.g. https://billionett.example/api/v1. */
  baseUrl: string;
  fetchImpl?: typeof fetch;
  /** The backoff pause; tests record it instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** Web Locks; null runs replay without leadership (one context only). */
  locks?: LockManager | null;
  onOnline?: OnOnline;
  /** The telex socket, ws(s)://host/api/v1/chat/socket; absent: no socket (queued telex waits). */
  socketUrl?: string;
  WebSocketImpl?: typeof WebSocket;
  /** How long a telex send waits for its ack (tests shorten it). */
  ackTimeoutMs?: number;
};

/** SyncApi plus `settled`, which resolves when the outbox loop and the storage-use refresh have nothing left to do (tests). */
export type Sync = SyncApi & { settled(): Promise<void> };

const MEDIA_CACHE = 'billionett-media';
const NOT_SIGNED_IN: PullResult = { ok: false, status: 401, message: 'Not signed in.' };
const NOT_SIGNED_IN_CALL = { ok: false, status: 401, message: 'Not signed in.' } as const;

export function createSync(options: SyncOptions): Sync {
  const http = createHttp(options);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let current: Member | null = null;
  let reachable = true;

  const noteReachable = (value: boolean) => void (reachable = value);
  const renewal = createRenewal(http, options.locks ?? defaultLocks());
  const ctx: SyncContext = {
    http,
    member: () => current,
    async renew(stale) {
      const renewed = await renewal(stale.session);
      if (renewed.kind === 'offline') return 'offline';
      if (renewed.kind === 'replaced') return null;
      if (renewed.kind === 'ended') {
        if (current?.session.sessionCode === stale.session.sessionCode) await ctx.sessionEnded();
        return null;
      }
      const next = { session: renewed.session, db: memberDb(renewed.session.id) };
      if (current?.session.id === next.session.id) {
        current = next;
        // The socket keeps its login; the new token is for its next one.
        socket?.connect(next);
      }
      return next;
    },
    async sessionEnded() {
      current = null;
      replayer.stop();
      socket?.stop();
      await clearSession();
    },
    noteReachable,
  };

  /**
   * Who is signed in, re-read from the device database on every entry point: each
   * tab has its own worker, and another tab may have signed out, in, or as someone else.
   */
  async function refresh(): Promise<Member | null> {
    const session = await readSession();
    // A token that renews (renewal.ts) outlives its access token; one that cannot is over.
    if (session && isExpired(session) && !session.refreshToken) {
      await ctx.sessionEnded();
      return null;
    }
    if (!session) {
      if (current) replayer.stop();
      socket?.stop();
      current = null;
    } else if (current?.session.accessToken !== session.accessToken || current.session.expiresAt !== session.expiresAt) {
      // Another tab may have renewed the token (the device row is the one truth).
      current = { session, db: memberDb(session.id) };
    }
    // Signed in: the telex socket follows the session (a no-op while it already does).
    if (current) socket?.connect(current);
    return current;
  }

  const pullNewBulletins = () => {
    if (current) void runPull(ctx, current, { kind: 'bulletins', pageNo: 1 }).catch(unlessCheckedOut);
  };
  const callWatchers = createCallWatchers();
  const socket: ChatSocket | null = options.socketUrl
    ? createChatSocket({
        url: options.socketUrl,
        ctx,
        WebSocketImpl: options.WebSocketImpl,
        ackTimeoutMs: options.ackTimeoutMs,
        // Logged in: the queued messages may go now, and bulletins announced while the socket
        // was down (a frame is not kept for a member who is not connected) are pulled.
        onReady: () => {
          replayer.kick();
          pullNewBulletins();
        },
        onBulletins: () => pullNewBulletins(),
        onCall: (signal) => callWatchers.deliver(signal),
      })
    : null;
  const usage = createUtilizationRefresh(ctx);
  /** An online call that stores or drops a file: storage use changed once it succeeded. */
  const storing =
    <T extends { ok: boolean }>(call: (m: Member) => Promise<T>) =>
    async (m: Member): Promise<T> => {
      const answer = await call(m);
      if (answer.ok) usage.refresh(m);
      return answer;
    };
  const replayer = createReplayer({
    ctx,
    refresh,
    sleep,
    leader: createLeader(options.locks ?? defaultLocks()),
    socket: socket ? (_member, item) => socket.send(_member, item) : undefined,
    prepare: { 'entry.create': prepareEntryMedia, 'barter.create': prepareGalleries('serviceGalleries') },
    delivered: (member, item) => {
      if (carriesFiles(item)) usage.refresh(member);
    },
  });
  const replayNow = async () => {
    if (await refresh()) replayer.kick();
  };
  /** Synchronous when someone is signed in, so the backoff resets before the loop's next pause. */
  const replaySoon = async () => {
    if (current) replayer.kick();
    else await replayNow();
  };
  /**
   * Writes first: while the outbox is being sent, a pull waits for that pass (at most
   * WRITES_FIRST_MS). Back online, the screen's refresh (the shell's ten reads) went out
   * with the outbox's first batch and the server answered them first, holding the
   * member's writes back (issue 32: 100 queued writes within 2 s of the network's
   * return); and reads made before the writes land bring back rows without them.
   */
  const writesFirst = async () => {
    const sending = replayer.sending();
    if (!sending) return;
    // Its own timer, not the backoff's `sleep` (which tests record as backoff pauses).
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([sending, new Promise<void>((resolve) => (timer = setTimeout(resolve, WRITES_FIRST_MS)))]);
    clearTimeout(timer);
  };
  (options.onOnline ?? watchOnline)(() => {
    reachable = true;
    socket?.kick();
    void sendPendingSignOuts(http);
    void replaySoon();
  });

  /** An online-only call of the signed-in member (vault-calls.ts, picture-calls.ts). */
  const memberCall = async <R>(call: (member: Member) => Promise<R>): Promise<R | typeof NOT_SIGNED_IN_CALL> => {
    const member = await refresh();
    return member ? call(member) : NOT_SIGNED_IN_CALL;
  };

  return {
    async start(): Promise<SessionData | null> {
      void sendPendingSignOuts(http);
      const member = await refresh();
      if (member) replayer.kick();
      return member?.session ?? null;
    },
    ...createPublicSync(http, { writeSession, reachable: noteReachable, signedIn: replayNow }),
    pushKey: () => reporting(noteReachable)(bulletins.pushKey(http)),
    savePushSubscription: (subscription) => memberCall((m) => bulletins.savePushSubscription(ctx, m, subscription)),

    async pull(request) {
      const member = await refresh();
      if (!member) return NOT_SIGNED_IN;
      await writesFirst();
      return runPull(ctx, member, request);
    },
    async kick() {
      socket?.kick();
      await replaySoon();
    },
    async retry(id) {
      const member = await refresh();
      if (!member) return;
      await retryItem(member.db, id);
      replayer.kick();
    },
    async discard(id) {
      const member = await refresh();
      if (!member) return;
      const item = await discardItem(member.db, id);
      // Re-read the server's rows; the target's other unsent edits are redrawn on top.
      // Offline the optimistic change stays until the next successful pull of the target.
      for (const request of item ? pullsForTarget(item.target) : []) await runPull(ctx, member, request);
      // The target's later items were held behind the discarded one: they may go now.
      replayer.kick();
    },
    async status() {
      return { online: reachable && engineOnline(), replaying: replayer.replaying(), signedIn: current !== null };
    },
    async checkout(pushEndpoint) {
      const member = await refresh();
      replayer.stop();
      socket?.stop();
      await replayer.settled();
      // Best effort: offline, the push service answers 410 to the next push and the server forgets it then.
      if (member && pushEndpoint) await bulletins.forgetPushSubscription(ctx, member, pushEndpoint).catch(() => undefined);
      // The session ends on the server (its tokens are refused at once everywhere); offline,
      // the device keeps the refresh token only to send that later (sign-out.ts).
      if (member) await endSessionOnServer(http, member.session);
      if (member) {
        // The database goes first: a crash after it leaves a session to an empty
        // database (harmless), never another member's rows without a session.
        await deleteMemberDb(member.session.id);
        if (typeof caches !== 'undefined') await caches.delete(MEDIA_CACHE);
      }
      current = null;
      await clearSession();
    },
    lookup: (kind, text) => memberCall((m) => vault.lookup(ctx, m, kind, text)),
    saveWork: (input) => memberCall((m) => vault.saveWork(ctx, m, input)),
    deleteWork: (code) => memberCall((m) => vault.deleteWork(ctx, m, code)),
    saveEducation: (input) => memberCall((m) => vault.saveEducation(ctx, m, input)),
    deleteEducation: (code) => memberCall((m) => vault.deleteEducation(ctx, m, code)),
    resetSettings: (which) => memberCall((m) => vault.resetSettings(ctx, m, which)),
    uploadTempPicture: (file, name, onProgress) =>
      memberCall((m) => pictures.uploadTempPicture(ctx, m, file, name, onProgress)),
    cropPicture: (crop, target) => memberCall(storing((m) => pictures.cropPicture(ctx, m, crop, target))),
    removePicture: (target) => memberCall(storing((m) => pictures.removePicture(ctx, m, target))),
    sendReference: (input) => memberCall((m) => friends.sendReference(ctx, m, input)),
    notifyReference: (refCode) => memberCall((m) => friends.notifyReference(ctx, m, refCode)),
    deleteReference: (refCode) => memberCall((m) => friends.deleteReference(ctx, m, refCode)),
    saveOrigin: (save) => memberCall((m) => origins.saveOrigin(ctx, m, save)),
    deleteOrigin: (kind, code) => memberCall((m) => origins.deleteOrigin(ctx, m, kind, code)),
    saveOriginPrivacy: (kind, code, update) => memberCall((m) => origins.saveOriginPrivacy(ctx, m, kind, code, update)),
    reportEntry: (postCode, text) => memberCall((m) => entries.reportEntry(ctx, m, postCode, text)),
    async openChat(peer) {
      if (await refresh()) await socket?.openChat(peer);
    },
    async closeChat() {
      socket?.closeChat();
    },
    callRelay: () => memberCall((m) => callRelay(ctx, m)),
    sendCall: async (frame) => socket?.sendCall(frame) ?? false,
    watchCalls: async (listener) => callWatchers.watch(listener),
    unwatchCalls: async (id) => callWatchers.unwatch(id),
    async networkLost() {
      reachable = false;
      socket?.lost();
    },
    searchPlaces: (q) => memberCall((m) => geo.searchPlaces(ctx, m, q)),
    uploadServicePicture: (file, name, key, onProgress) => memberCall(storing((m) => barter.uploadServicePicture(ctx, m, file, name, key, onProgress))),
    saveService: (save) => memberCall((m) => barter.saveService(ctx, m, save)),
    deleteService: (code, key) => memberCall((m) => barter.deleteService(ctx, m, code, key)),
    endSession: (code) => memberCall((m) => sessions.endSession(ctx, m, code)),
    endOtherSessions: () => memberCall((m) => sessions.endOtherSessions(ctx, m)),
    changePassword: (input) => memberCall((m) => sessions.changePassword(ctx, m, input)),
    beginTotp: () => memberCall((m) => secondFactor.beginTotp(ctx, m)),
    confirmTotp: (code) => memberCall((m) => secondFactor.confirmTotp(ctx, m, code)),
    turnOffTotp: (password) => memberCall((m) => secondFactor.turnOffTotp(ctx, m, password)),
    passkeyOptions: () => memberCall((m) => passkeys.passkeyOptions(ctx, m)),
    addPasskey: (response) => memberCall((m) => passkeys.addPasskey(ctx, m, response)),
    renamePasskey: (code, name) => memberCall((m) => passkeys.renamePasskey(ctx, m, code, name)),
    removePasskey: (code) => memberCall((m) => passkeys.removePasskey(ctx, m, code)),
    deletionPasskeyOptions: () => memberCall((m) => deletion.deletionPasskeyOptions(ctx, m)),
    requestDeletion: (confirm) => memberCall((m) => deletion.requestDeletion(ctx, m, confirm)),
    requestDataExport: () => memberCall((m) => dataExport.requestDataExport(ctx, m)),
    dataExportLink: () => memberCall((m) => dataExport.dataExportLink(ctx, m)),
    settled: async () => {
      await replayer.settled();
      await usage.settled();
    },
  };
}
