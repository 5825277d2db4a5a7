/**
 * Named statements for the embedded database: each statement text is parsed (and, after a few
 * runs, planned) once for the process, and every later run is one trip into PGlite.
 *
 * PGlite's own `query` sends a statement as six separate protocol trips into its WASM build
 * (parse, describe, bind, describe, execute, sync), unnamed, so PostgreSQL parses and plans it
 * afresh each time; planning reads every table's and index's size (an lseek, and under Node's
 * file system an fstat, each). The member's profile, read after every about edit: 1.90 ms
 * that way, 0.23 ms as a named statement bound and run in one trip; an update of one row 0.75
 * → 0.21 ms (the demo community's database, tests/bench/outbox-drain.ts's write path).
 * node-postgres does the same on PostgreSQL for the statements we name (client.ts).
 *
 * What a client sees is unchanged: the same results from PGlite's own parser, the same errors
 * (PostgreSQL's, with the statement and its values), the same locks (a statement outside a
 * transaction waits for one running, as PGlite's `query` does), and the same sync to disk.
 * A statement with a Blob (COPY), or with more values than a row's worth (the seed's inserts
 * of many rows, each text used once), goes PGlite's own way. A named statement outlives a
 * rolled-back transaction; PostgreSQL re-plans it when a migration changes its tables.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type Statement = { name: string; paramTypes: number[]; rowDescription: Message | undefined };
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
type Named = <T>(text: string, params: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** Statements kept at once; the least recently used is closed (its text is parsed again if it comes back). */
const KEPT_STATEMENTS = 400;
/** More values than this: a statement of many rows, made once (the seed's bulk inserts); not worth keeping. */
const MOST_VALUES = 100;

/**
 * PostgreSQL's codes for a kept statement that no longer fits: its tables changed its result's
 * shape ("cached plan must not change result type"), or it is gone ("prepared statement does not
 * exist"). The statement is parsed again at its next run.
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

const { serialize } = protocol;

/**
 * Makes `client.query`, and every transaction's, run named statements. Call before anything else
 * wraps them. `most`: how many statements are kept at once (tests make it small).
 */
export function useNamedStatements(client: PGlite, most = KEPT_STATEMENTS): void {
  let made = 0;
  /** Names of statements dropped from the cache, closed before the next statement is parsed. */
  const closing: string[] = [];
  const statements = new LRUCache<string, Statement>({ max: most, dispose: (s) => closing.push(s.name) });

  /** The statement for `text`, parsed and described once. Runs under the query lock. */
  async function statementFor(key: string, text: string, options: QueryOptions | undefined): Promise<Statement> {
    const kept = statements.get(key);
    if (kept) return kept;
    if (closing.length > 0) {
      const closes = closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
      // A close never fails for a reason that matters here; a transaction's abort is not ours to report.
      await client.execProtocol(Buffer.concat([...closes, serialize.sync()]), { syncToFs: false, throwOnError: false });
    }
    made += 1;
    const name = `bn_${made}`;
    const { messages } = await client.execProtocol(
      Buffer.concat([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    statements.set(key, statement);
    return statement;
  }

  /** PGlite's own rule for a value: the statement's serializer for its type, else its text. */
  function valuesOf(params: unknown[], types: number[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }

  /** `again`: a statement gone stale is parsed afresh and run once more (outside a transaction, where nothing else was undone by its failure). */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, again = false): Promise<Results<T>> {
    const key = options?.paramTypes ? `${options.paramTypes.join(',')}|${text}` : text;
    try {
      const statement = await statementFor(key, text, options);
      const { messages } = await client.execProtocol(
        Buffer.concat([
          serialize.bind({ statement: statement.name, values: valuesOf(params, statement.paramTypes, options) }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
      const answer = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parse.parseResults(answer, client.parsers, options)[0] as Results<T>;
    } catch (error) {
      if (STALE_STATEMENT.has((error as { code?: string }).code ?? '')) {
        statements.delete(key);
        if (again) return run<T>(text, params, options);
      }
      // As PGlite's own query reports a failed statement: with its text and values.
      if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  const namedOrNot = (original: Query, named: Named): Query =>
    (<T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      options?.blob || params.length > MOST_VALUES ? original<T>(text, params, options) : named<T>(text, params, options)) as Query;

  // Outside a transaction: wait for any running one, as PGlite's query does, then sync to disk after.
  const clientQuery = client.query.bind(client) as Query;
  client.query = namedOrNot(clientQuery, async <T>(text: string, params: unknown[], options?: QueryOptions) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await run<T>(text, params, options, true);
        await client.syncToFs();
        return result;
      }),
    );
  }) as PGlite['query'];

  // Inside one: the transaction holds its lock already; the statements take the query lock each.
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as Query;
      tx.query = namedOrNot(txQuery, (text, params, options) => {
        if (tx.closed) return txQuery(text, params, options); // PGlite's own "Transaction is closed"
        return client._runExclusiveQuery(() => run(text, params, options));
      }) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}
