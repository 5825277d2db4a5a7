/**
 * Sends waiting for their answer on the telex socket, by message id. Every wait ends
 * in the replay's terms (http.ts): the ack is `ok` (its frame is the answer applier's
 * data), a final error frame is `rejected` with the server's words, and everything
 * else — no ack in time, a retry-later error, the socket closing — is `retryable`:
 * the item stays in the outbox and is sent again with the same id (stored once).
 */
import type { ChatErrorFrame, ChatServerFrame } from '../../contract/chat';
import type { HttpResult } from './http';

type Ack = Extract<ChatServerFrame, { type: 'ack' }>;
/** Error codes after which a resend of the same id cannot succeed (contract/chat.ts). */
const FINAL = new Set(['notFriends', 'tooLong', 'empty', 'duplicateId', 'malformed']);
const NO_ACK = 'The telex server did not confirm the message in time.';
const CLOSED = 'The telex connection closed before the message was confirmed.';

export type Acks = {
  wait(id: string, timeoutMs: number): Promise<HttpResult<unknown>>;
  /** Returns false when nobody waits for this id (a late ack). */
  ack(frame: Ack): boolean;
  error(frame: ChatErrorFrame & { id: string }): boolean;
  /** The socket closed: every wait ends retryable. */
  closed(): void;
};

export function createAcks(): Acks {
  const waits = new Map<string, (result: HttpResult<unknown>) => void>();

  function settle(id: string, result: HttpResult<unknown>): boolean {
    const resolve = waits.get(id);
    if (!resolve) return false;
    waits.delete(id);
    resolve(result);
    return true;
  }

  return {
    wait(id, timeoutMs) {
      // One wait per id: a second send of the same id takes over the first.
      settle(id, { kind: 'retryable', status: 0, message: NO_ACK, offline: false });
      return new Promise((resolve) => {
        const timer = setTimeout(() => settle(id, { kind: 'retryable', status: 408, message: NO_ACK, offline: false }), timeoutMs);
        waits.set(id, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
      });
    },
    ack: (frame) => settle(frame.id, { kind: 'ok', status: 200, body: { code: 200, message: 'Sent', data: frame } }),
    error: (frame) =>
      settle(
        frame.id,
        FINAL.has(frame.code)
          ? { kind: 'rejected', status: 400, message: frame.message }
          : { kind: 'retryable', status: frame.code === 'slowDown' ? 429 : 503, message: frame.message, offline: false },
      ),
    closed() {
      for (const id of waits.keys()) settle(id, { kind: 'retryable', status: 0, message: CLOSED, offline: false });
    },
  };
}
