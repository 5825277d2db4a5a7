/**
 * Names the device database and the session's renewal share with the service worker, which
 * reads them without Dexie (sw/member-token.ts: a closed app's Decline needs the member's
 * token). One place, so the two sides cannot drift apart.
 */
/** The device-wide database (DeviceDb in db.ts) and its session table, whose one row is keyed 'current'. */
export const DEVICE_DB = 'billionett-device';
export const SESSION_STORE = 'session';
export const SESSION_KEY = 'current';
/** The Web Lock every renewal of the session's token takes (sync/renewal.ts): one renewal at a time on the device. */
export const RENEW_LOCK = 'billionett-session-renew';
