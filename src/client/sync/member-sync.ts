/**
 * The worker's member part, loaded by sync.worker.ts on the first call a visitor's part
 * (public-sync.ts) cannot answer: Dexie, the outbox, the pulls, the telex socket, zod.
 */
// First: zod must not probe for eval under our CSP (zod-csp.ts).
// oxlint-disable-next-line import/no-unassigned-import
import '../zod-csp';
import { CHAT_SOCKET_PATH } from '../../contract/chat';
import { API_BASE } from '../../contract/codes';
import { createSync, type Sync } from './create-sync';

/** The worker's whole API for the app served from `origin`. */
export function createMemberSync(origin: string): Sync {
  // Same origin: http → ws, https → wss.
  return createSync({ baseUrl: origin + API_BASE, socketUrl: origin.replace(/^http/, 'ws') + CHAT_SOCKET_PATH });
}
