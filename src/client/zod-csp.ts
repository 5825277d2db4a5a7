/**
 * Zod without its JIT, for our Content-Security-Policy (src/server/plugins/security-headers.ts:
 * script-src 'self', no 'unsafe-eval'). Zod compiles object parsers with `new Function`
 * when it may, and finds out by trying once: under our policy that try throws, which zod
 * catches, but the browser still reports a `securitypolicyviolation` for it. With `jitless`
 * zod never tries (it could not use the JIT under the policy anyway).
 *
 * Imported first by each JavaScript realm that parses with zod: the page (app.tsx) and
 * the sync worker (sync/sync.worker.ts). Zod's config lives on globalThis, per realm.
 */
import { z } from 'zod';

z.config({ jitless: true });
