/**
 * Migrations that wait for a table's lock only briefly, and try again (Strong Migrations'
 * and GitLab's practice). A migration's ALTER TABLE needs the table to itself: it waits for
 * every transaction that touches the table, and every statement on the table after it waits
 * behind it. In a rolling deploy the other hosts serve on while the new one migrates, so one
 * long transaction (or one left open) would hold every read of `posts` on every host for as
 * long as it lasts, and the new host would hang at its start saying nothing. Here the
 * migration gives up after LOCK_TIMEOUT_MS (the queue behind it drains), says which sessions
 * hold long transactions, and tries again a little later, until DEADLINE_MS.
 */
import type { PoolClient } from 'pg';

export const LOCK_TIMEOUT_MS = 5_000;
export const DEADLINE_MS = 5 * 60_000;
/** PostgreSQL's lock_not_available: lock_timeout (or NOWAIT) ended the wait. */
const LOCK_NOT_AVAILABLE = '55P03';

export type LockRetryOptions = { lockTimeoutMs?: number; deadlineMs?: number; warn?: (message: string) => void };

/** The PostgreSQL error's code, also when drizzle wrapped it ("Failed query: …", its cause). */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The other sessions of this database in a transaction older than `ms`: whoever holds the lock is among them. */
async function longTransactions(client: PoolClient, ms: number): Promise<string> {
  const { rows } = await client.query<{ pid: number; state: string; seconds: number; query: string }>(
    `select pid, state, extract(epoch from now() - xact_start)::int as seconds, left(query, 100) as query
       from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and xact_start < now() - make_interval(secs => $1)
      order by xact_start limit 5`,
    [ms / 1000],
  );
  return rows.length === 0 ? 'no transaction older than the wait is left' : rows.map((r) => `pid ${r.pid} ${r.state} for ${r.seconds} s: ${r.query}`).join('; ');
}

/**
 * Runs `migrate` on `client` with lock_timeout set, again after each lock timeout (backing off
 * 1 s, 2 s, … up to 10 s) until `deadlineMs` has passed; then throws. Drizzle's migrator runs
 * every pending migration in one transaction, so a timed-out attempt leaves nothing half done.
 * lock_timeout is reset before the client goes back to its pool.
 */
export async function migrateWithLockRetries<T>(client: PoolClient, migrate: () => Promise<T>, opts: LockRetryOptions = {}): Promise<T> {
  const lockTimeoutMs = opts.lockTimeoutMs ?? LOCK_TIMEOUT_MS;
  const started = Date.now();
  const deadline = started + (opts.deadlineMs ?? DEADLINE_MS);
  const warn = opts.warn ?? ((message: string) => console.warn(message));
  await client.query(`set lock_timeout = ${Math.round(lockTimeoutMs)}`);
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await migrate();
      } catch (error) {
        if (codeOf(error) !== LOCK_NOT_AVAILABLE) throw error;
        const holders = await longTransactions(client, lockTimeoutMs);
        if (Date.now() >= deadline) {
          throw new Error(`Migrations waited ${((Date.now() - started) / 1000).toFixed(1)} s for a table's lock and gave up (${holders}).`, { cause: error });
        }
        const pause = Math.min(10_000, 1000 * attempt);
        warn(`Migrations: a table was in use for ${lockTimeoutMs} ms (attempt ${attempt}; ${holders}); trying again in ${pause / 1000} s.`);
        await new Promise((r) => setTimeout(r, pause));
      }
    }
  } finally {
    await client.query('reset lock_timeout').catch(() => {});
  }
}
