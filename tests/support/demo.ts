/**
 * The demo members in tests. The product never ships a demo password (seed/demo-logins.ts);
 * every suite starts its servers with DEMO_PASSWORD set to this one (vitest.config.ts, the
 * e2e global setup, the bench server), so tests can sign in as Amara and Jonas.
 */
import { DEMO_LOGINS } from '../../src/server/seed/demo-logins';

export const DEMO_PASSWORD = 'Billionett#2026';

export const DEMO_MEMBERS = DEMO_LOGINS.map((login) => ({ ...login, password: DEMO_PASSWORD }));
