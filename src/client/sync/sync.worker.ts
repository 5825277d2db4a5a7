/** The sync worker entry (STYLE.md §7): wiring only. All of it lives in create-sync.ts. */
// First: zod must not probe for eval under our CSP (zod-csp.ts).
// oxlint-disable-next-line import/no-unassigned-import
import '../zod-csp';
import { expose } from 'comlink';
import { CHAT_SOCKET_PATH } from '../../contract/chat';
import { API_BASE } from '../../contract/codes';
import { createSync } from './create-sync';

const origin = self.location.origin;
// Same origin: http → ws, https → wss.
expose(createSync({ baseUrl: origin + API_BASE, socketUrl: origin.replace(/^http/, 'ws') + CHAT_SOCKET_PATH }));
