/**
 * drizzle-orm's PGlite driver asks, with every statement, that dates, times and intervals
 * (and arrays of some) come back as text: a `parsers` option naming those types. PGlite
 * honours such an ask by copying its whole parser table — ~320 types with our extensions —
 * into a new object for that one statement: ~80 µs each, a tenth of what a small write costs
 * the API process (measured by tests/bench/outbox-drain.ts's server CPU; see the commit).
 *
 * Here the embedded database keeps those types as text itself, and a statement's ask is
 * dropped when the instance's own parser for each type it names is already the same
 * keep-as-text parser, so no statement is answered differently (pglite-parsers.test.ts).
 */
import { types, type PGlite } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;
type QueryOptions = { parsers?: Record<number, Parser> } & Record<string, unknown>;
type Queries = { query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> };

/** The types drizzle-orm/pglite keeps as text (its session.js): dates, times, intervals, and numeric/timestamp/interval/date arrays. */
export const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182] as const;

const asText: Parser = (value) => value;

/** A value no parser of ours would make up: a keep-as-text parser answers it with itself. */
const PROBE = '\u0000keep-as-text';

/**
 * True when each type the ask names is one the instance keeps as text (only TEXT_TYPES hold
 * `asText`) and the ask keeps it as text too: drizzle's parsers are its own `(v) => v`, so they
 * are told by what they answer, and an ask that parses a type (a Date for a date) is honoured.
 */
function changesNothing(instance: Record<number, Parser>, asked: Record<number, Parser>): boolean {
  for (const key in asked) {
    if (instance[Number(key)] !== asText || asked[Number(key)]?.(PROBE, Number(key)) !== PROBE) return false;
  }
  return true;
}

function dropNeedlessAsks(target: Queries, instance: () => Record<number, Parser>): void {
  const query = target.query.bind(target);
  target.query = (text, params, options) => {
    if (options?.parsers && changesNothing(instance(), options.parsers)) {
      const { parsers: _asked, ...rest } = options;
      return query(text, params, rest);
    }
    return query(text, params, options);
  };
}

/** Call once the client is ready (its array types are read at start, which sets their parsers). */
export function keepDatesAsText(client: PGlite): void {
  const parsers = client.parsers as Record<number, Parser>;
  for (const type of TEXT_TYPES) parsers[type] = asText;
  // Read at each statement: a refresh of the array types (refreshArrayTypes) replaces parsers,
  // and then the ask is honoured again as PGlite would.
  const instance = () => client.parsers as Record<number, Parser>;
  dropNeedlessAsks(client as unknown as Queries, instance);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<typeof client.transaction>[0]) =>
    transaction((tx) => {
      dropNeedlessAsks(tx as unknown as Queries, instance);
      return callback(tx);
    })) as typeof client.transaction;
}
