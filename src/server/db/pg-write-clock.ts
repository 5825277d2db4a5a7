/**
 * The write clock on PostgreSQL (write-clock.ts has the embedded one), where other processes
 * write too: every table carries a statement trigger that says `pg_notify('billionett_writes',
 * <table>)` (INSTALL_WRITE_NOTICES, at each start), delivered when the writing transaction
 * commits, and each API process listens on a connection of its own and moves its clock for
 * the table named. Writes by any process, the admin channel or an operator's psql are all
 * seen this way.
 *
 * The process's own writes also move its clock as soon as they end (the pool's connections
 * are watched, as PGlite's are): a member who writes and then reads on the same process
 * reads what they wrote, without waiting for the notice. From another process a read may
 * lag a commit by the notice's delivery (well under a millisecond on one host).
 *
 * While the listening connection is down, notices may be lost: the clock is not live, so
 * nothing is kept or answered from memory, and when it is back everything kept is stale.
 */
import { Client, type Pool, type PoolClient } from 'pg';
import { changedData, newClock, onlyReads, writtenTables, type WriteClock } from './write-clock';

export const WRITES_CHANNEL = 'billionett_writes';

/**
 * Installs the notice: a statement trigger on every table of the schema that has none yet
 * (run at each start, after the migrations and under their lock, so a table a later
 * migration adds gets it too). PostgreSQL only: the embedded database's clock sees every
 * write in process, and plpgsql loaded into PGlite cost its process ~40 MB.
 */
export const INSTALL_WRITE_NOTICES = `
CREATE OR REPLACE FUNCTION billionett_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${WRITES_CHANNEL}', TG_TABLE_NAME);
  RETURN NULL;
END $$;
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'billionett_written')
  LOOP
    EXECUTE format('CREATE TRIGGER billionett_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION billionett_written()', t);
  END LOOP;
END $$;`;

type Query = (...args: unknown[]) => unknown;

/** Moves the clock after each statement of `client` that may have written (in a transaction: once it ends). */
function watchClient(client: PoolClient, tick: (tables: Iterable<string | null>) => void): void {
  const query = client.query.bind(client) as Query;
  let open: Set<string | null> | null = null;
  const ended = (text: string, result: { rowCount?: number | null } | null) => {
    if (/^\s*(begin|start\s+transaction)\b/i.test(text)) open = new Set();
    else if (/^\s*(commit|rollback|end|abort)\b/i.test(text)) {
      if (open && open.size > 0) tick(open);
      open = null;
    } else if (!result || changedData(text, { affectedRows: result.rowCount ?? undefined })) {
      const tables = writtenTables(text);
      if (open) tables.forEach((t) => open!.add(t));
      else tick(tables);
    }
  };
  (client as { query: Query }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text !== 'string' || onlyReads(text)) return query(...args);
    // Callback style (pg-pool's own pool.query, which drizzle's statements outside a
    // transaction go through): the clock moves when the callback is called.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: { rowCount?: number | null } | undefined) => {
        ended(text, error || !result ? null : result);
        return (callback as (e: unknown, r: unknown) => unknown)(error, result);
      };
      return query(...args);
    }
    const answer = query(...args) as Promise<{ rowCount?: number | null }> | undefined;
    if (!answer || typeof answer.then !== 'function') {
      ended(text, null);
      return answer;
    }
    return answer.then(
      (result) => {
        ended(text, result);
        return result;
      },
      (error: unknown) => {
        ended(text, null);
        throw error;
      },
    );
  };
}

/**
 * A clock for `pool`'s database: the pool's writes and every notice from the database move it.
 * Call it before the pool's first connection (every connection must be watched); `ready` is
 * settled once the listening connection is up (or has failed and is being retried).
 */
export function clockPostgresWrites(url: string, pool: Pool, log: (message: string) => void = () => {}): { clock: WriteClock; ready: Promise<void>; close: () => Promise<void> } {
  // Not live until the listening connection is up.
  const hand = newClock(false);
  pool.on('connect', (client) => watchClient(client, hand.tick));
  let closed = false;
  let listener: Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const listen = async () => {
    const client = new Client({ connectionString: url });
    client.on('notification', (notice) => hand.tick([notice.payload || null]));
    const lost = () => {
      hand.setLive(false);
      client.end().catch(() => {});
      if (listener === client) listener = null;
      if (!closed && !retry) {
        log('write notices: listening connection lost, nothing is kept until it is back');
        retry = setTimeout(() => {
          retry = null;
          void listen();
        }, 1000);
        retry.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen ${WRITES_CHANNEL}`);
      listener = client;
      hand.setLive(true);
    } catch {
      lost();
    }
  };
  return {
    clock: hand.clock,
    ready: listen(),
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      hand.setLive(false);
      await listener?.end().catch(() => {});
    },
  };
}
