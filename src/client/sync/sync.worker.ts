/**
 * The sync worker entry (STYLE.md §7): wiring only. It answers in two parts. A visitor's
 * calls (public-sync.ts) are answered by a small part loaded with the worker; everything
 * else — and every call, once it is loaded — by the member part (create-sync.ts), loaded on
 * the first call that needs it. So the checkin screen, whose passkey autofill starts the
 * worker at once, loads the visitor's part only (BUDGETS.md's first-screen row).
 */
import { expose } from 'comlink';
import { API_BASE } from '../../contract/codes';
import type { Sync } from './create-sync';
import { createHttp } from './http';
import { createPublicSync, PUBLIC_CALLS, type PublicSync } from './public-sync';

const origin = self.location.origin;

let member: Sync | undefined;
let loading: Promise<Sync> | undefined;
const memberSync = () =>
  (loading ??= import('./member-sync').then(({ createMemberSync }) => {
    member = createMemberSync(origin);
    return member;
  }));

const visitor = createPublicSync(createHttp({ baseUrl: origin + API_BASE }), {
  // The device database (Dexie) loads once there is a session to keep, not with the form.
  writeSession: async (session) => (await import('./session')).writeSession(session),
  // The member part keeps its own account of the network (status()); none is kept before it.
  reachable: () => undefined,
  // A session was written: the member part starts, and delivers what the outbox holds.
  signedIn: async () => (await memberSync()).kick(),
});
const isPublic = (name: PropertyKey): name is keyof PublicSync => (PUBLIC_CALLS as readonly PropertyKey[]).includes(name);

expose(
  new Proxy({} as Sync, {
    get(_target, name) {
      if (member) return member[name as keyof Sync];
      if (isPublic(name)) return visitor[name];
      return async (...args: unknown[]) => {
        const call = (await memberSync())[name as keyof Sync] as (...a: unknown[]) => unknown;
        return call(...args);
      };
    },
  }),
);
