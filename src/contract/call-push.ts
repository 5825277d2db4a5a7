/**
 * A ring for a closed app (issue 30, decision 0079): the Web Push the server sends each device
 * of a callee while a call rings, and the one that takes it back when the ring is over. The
 * service worker (sw/call-ring.ts) shows it with Accept / Decline; an older service worker
 * that knows nothing of `call` still shows its title and body and opens its url, so every
 * field a bulletin push has is set here too. No zod: the service worker imports this file.
 */

/** The notification's tag: the ringing one, and the push that ends it, share it. */
export const callPushTag = (callId: string) => `call-${callId}`;

/** Where Accept (or a click) leads: the conversation with the caller, answering this call if it still rings. */
export const callAnswerUrl = (caller: string, callId: string) => `/telex?with=${encodeURIComponent(caller)}&call=${encodeURIComponent(callId)}&answer=1`;

/** The search parameters of that url the app reads (src/client/telex/call/answer-link.ts). */
export const CALL_LINK = { call: 'call', answer: 'answer' } as const;

/** POST: the signed-in callee declines a ringing call (the service worker's Decline, which has no socket). */
export const callDeclinePath = (callId: string) => `chat/calls/${encodeURIComponent(callId)}/decline`;

/** 'ringing': show it; 'ended': close the notification with this tag (answered, declined, cancelled or missed). */
export type CallPushState = 'ringing' | 'ended';

export type CallPush = {
  title: string;
  body: string;
  url: string;
  tag: string;
  call: { id: string; from: string; kind: 'voice' | 'video'; state: CallPushState };
};

export function callPushTitle(kind: 'voice' | 'video', name: string): string {
  return `${kind === 'video' ? 'Video' : 'Voice'} call from ${name}`;
}
