/**
 * How the telex socket reads the server's close codes (contract/chat.ts CHAT_CLOSE): 1012
 * Service Restart — a server draining for a deploy — reconnects with the backoff and keeps
 * the member signed in; 4401 ends the session and never retries.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_START_MS } from '../../src/contract/codes';
import { CHAT_CLOSE } from '../../src/contract/chat';
import type { Member, SyncContext } from '../../src/client/sync/context';
import { createChatSocket } from '../../src/client/sync/socket';
import { FakeSocket } from './helpers/fake-socket';

function harness() {
  const member = { session: { accessToken: 'token-1', tokenType: 'Bearer', id: 'U1', username: 'a@example.com' }, db: {} } as unknown as Member;
  const sessionEnded = vi.fn<() => Promise<void>>(async () => {});
  const ctx = { member: () => member, sessionEnded, noteReachable: () => {}, http: {} } as unknown as SyncContext;
  const socket = createChatSocket({ url: 'ws://app.test/api/v1/chat/socket', ctx, onReady: () => {}, WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
  socket.connect(member);
  return { socket, sessionEnded };
}

describe('telex socket close codes', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reconnects after 1012 (a server draining) with the backoff, and keeps the session', async () => {
    const { socket, sessionEnded } = harness();
    expect(FakeSocket.opened).toHaveLength(1);
    FakeSocket.opened[0]!.serverCloses(CHAT_CLOSE.serviceRestart);
    expect(CHAT_CLOSE.serviceRestart).toBe(1012);
    // Not at once: the backoff's first step.
    await vi.advanceTimersByTimeAsync(BACKOFF_START_MS - 1);
    expect(FakeSocket.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.opened).toHaveLength(2);
    // Closed again before logging in: the next wait doubles.
    FakeSocket.opened[1]!.serverCloses(CHAT_CLOSE.serviceRestart);
    await vi.advanceTimersByTimeAsync(BACKOFF_START_MS * 2 - 1);
    expect(FakeSocket.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.opened).toHaveLength(3);
    expect(sessionEnded).not.toHaveBeenCalled();
    socket.stop();
  });

  it('ends the session on 4401 and does not reconnect', async () => {
    const { socket, sessionEnded } = harness();
    FakeSocket.opened[0]!.serverCloses(CHAT_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
    expect(sessionEnded).toHaveBeenCalledOnce();
    socket.stop();
  });
});
