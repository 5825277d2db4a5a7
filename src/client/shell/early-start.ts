/**
 * Work a page can start before React and the router have loaded (issue 13): app.tsx
 * imports this right after zod-csp, and it runs as it is evaluated, before the rest of
 * the module graph (React, Mantine, the router) is. A signed-in member's shell rows (and on home, the feed's first page) are
 * read from IndexedDB now, in parallel with the JavaScript still to run; the live
 * queries take those reads as their first value (store/early-reads.ts). Only IndexedDB:
 * all network I/O stays in the sync worker.
 *
 * Dexie and the queriers come in a chunk of their own, imported here only for a member,
 * so the checkin screen's JavaScript does not carry them.
 */
import { getSession, isSignedIn } from '../store/local-session';

const AUTH_PATHS = /^\/(checkin|registration|confirmation|forgotpassword|reset-password|subscription)(\/|$)/;

/** Resolves when the reads are done (or failed), at once when there is nothing to read. */
export function startEarlyReads(path: string = location.pathname): Promise<void> {
  const session = isSignedIn() ? getSession() : null;
  // A member on a public page is sent home by the router; nothing to read for a visitor.
  if (!session || AUTH_PATHS.test(path)) return Promise.resolve();
  // A failed early read costs nothing: the live queries read the same rows anyway.
  return import('./early-reads-run').then((run) => run.readEarly(session.id, path === '/')).catch(() => undefined);
}

/**
 * React's first render of a member's screen waits for these reads, up to `EARLY_WAIT_MS`
 * (the HTML's splash shows meanwhile): rendered without them it would draw the shell's
 * skeleton and the feed's loader, and then draw everything again, and that first render
 * (one long task) would also hold back the very IndexedDB callbacks it waits for.
 */
export const EARLY_WAIT_MS = 400;
export const earlyReads = startEarlyReads();
