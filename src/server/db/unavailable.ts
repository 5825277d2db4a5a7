/**
 * Is this error the database being away (restarting, failing over, refusing connections)
 * rather than a fault of ours or the request's? Such a failure is answered 503 with
 * Retry-After (plugins/errors.ts), which the client's outbox retries, instead of a 500
 * logged as our bug. PostgreSQL only: the embedded database lives in the process.
 */

/** Connection-level failures of PostgreSQL: the server shut down, is starting or is unreachable. */
const SQL_STATES = new Set([
  '57P01', // admin_shutdown: a fast or smart shutdown (a restart) ended the session
  '57P02', // crash_shutdown: another backend crashed, every session is reset
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections: full for now
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  // PgBouncer's own refusals while PostgreSQL is away ("server login has been failing, try
  // again later (server_login_retry)", "query_wait_timeout", "pgbouncer cannot connect to
  // server"): it sends them all as protocol_violation. Seen in the topology suite's restart.
  '08P01',
]);

/** Socket errors of the connection to it. */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * What node-postgres and pg-pool say when the connection is gone or never came: no code,
 * only these messages (pg/lib/client.js, pg-pool/index.js).
 */
const MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/** Looks through Drizzle's wrapper (`cause`) and a connect's AggregateError (`errors`, one per address). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SQL_STATES.has(code) || NET_CODES.has(code))) return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
