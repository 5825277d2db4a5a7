/**
 * The calls' clocks, apart from contract/calls.ts: the call controller is on home's first
 * screen (the main layout mounts it), which must evaluate no zod schema
 * (tests/unit/first-screen-imports.test.ts).
 */

/** How long a call rings before it is missed (the server may be configured shorter for tests). */
export const CALL_RING_MS = 30_000;
/** How long an answered call waits for a device whose socket closed to come back (`call.resume`). */
export const CALL_RESUME_MS = 20_000;
