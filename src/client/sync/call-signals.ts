/**
 * Telex calls in the worker (issue 30; protocol in contract/calls.ts): the relay's ICE
 * servers (online only, never kept: the credentials are short-lived and personal), and the
 * `call.*` frames of the telex socket handed to whoever watches them. The page that holds
 * the RTCPeerConnection (browsers have none in workers) watches through a Comlink proxy:
 * offers, answers and candidates are a conversation of seconds, not rows to mirror. An
 * `error` frame is handed on too; its `id` is the callId it answers (a telex id otherwise).
 */
import { CALL_PATHS, relayAnswer, type RelayAnswer } from '../../contract/calls';
import type { CallResult, CallSignal } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';

export async function callRelay(ctx: SyncContext, member: Member): Promise<CallResult<RelayAnswer>> {
  const result = await authed<RelayAnswer>(ctx, member, CALL_PATHS.relay);
  return toCallResult(result, (data) => {
    const parsed = relayAnswer.safeParse(data);
    // An answer we cannot read: no ICE servers (host candidates still work on one network).
    return parsed.success ? parsed.data : { iceServers: [], ttl: 0 };
  });
}

/** The watchers of call frames; a watcher that throws (a page gone) is dropped. */
export function createCallWatchers() {
  const watchers = new Map<number, (signal: CallSignal) => void>();
  let next = 0;
  return {
    watch(listener: (signal: CallSignal) => void): number {
      next += 1;
      watchers.set(next, listener);
      return next;
    },
    unwatch(id: number): void {
      watchers.delete(id);
    },
    deliver(signal: CallSignal): void {
      for (const [id, listener] of watchers) {
        try {
          const answer = listener(signal) as unknown;
          // A Comlink proxy answers a promise: a page that went away rejects it.
          if (answer instanceof Promise) answer.catch(() => watchers.delete(id));
        } catch {
          watchers.delete(id);
        }
      }
    },
  };
}
