/**
 * "0 writes lost, 0 applied twice": what the load generator and the member sent, held against
 * the rows in PostgreSQL itself (the direct URL, not through any host). Each write carries a
 * client code and a text of its own, so a row is found by its code (lost or not) and counted
 * by its text (a write applied twice under two codes would show as two rows with one text).
 */
import { onPostgres } from '../../support/postgres';
import { deployment } from './deployment';
import type { WriteRecord } from './load-types';

export type LedgerCheck = { sent: number; lost: string[]; twice: string[]; refused: string[]; unsettled: string[] };

export async function checkGeneratorWrites(writes: WriteRecord[]): Promise<LedgerCheck> {
  const entries = writes.filter((w) => w.kind === 'entry');
  const comments = writes.filter((w) => w.kind === 'comment');
  const rows = await onPostgres(deployment().postgresUrl, async (c) => {
    const posts = await c.query<{ code: string; text: string }>('select post_code as code, description as text from posts where post_code = any($1) or description = any($2)', [
      entries.map((w) => w.code),
      entries.map((w) => w.text),
    ]);
    const said = await c.query<{ code: string; text: string }>('select comment_code as code, body as text from comments where comment_code = any($1) or body = any($2)', [
      comments.map((w) => w.code),
      comments.map((w) => w.text),
    ]);
    return [...posts.rows, ...said.rows];
  });
  const codes = new Set(rows.map((r) => r.code));
  const perText = new Map<string, number>();
  for (const r of rows) perText.set(r.text, (perText.get(r.text) ?? 0) + 1);
  return {
    sent: writes.length,
    // A write whose 2xx never came (time ran out) may still have landed: it counts as lost
    // only when no row has it; as unsettled it fails the check on its own.
    lost: writes.filter((w) => !codes.has(w.code)).map((w) => `${w.kind} ${w.code} (${w.state}, ${w.attempts} attempts)`),
    twice: [...perText.entries()].filter(([, n]) => n > 1).map(([text, n]) => `${text} ×${n}`),
    refused: writes.filter((w) => w.state === 'refused').map((w) => `${w.kind} ${w.code}: ${w.status}`),
    unsettled: writes.filter((w) => w.state === 'pending').map((w) => `${w.kind} ${w.code}`),
  };
}

export type MemberLedger = { entries: string[]; comments: string[]; telex: string[] };

/** How many rows hold each text the member wrote (each must be exactly 1). */
export async function memberRows(ledger: MemberLedger): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of [...ledger.entries, ...ledger.comments, ...ledger.telex]) counts[t] = 0;
  await onPostgres(deployment().postgresUrl, async (c) => {
    const queries: [string, string[]][] = [
      ['select description as text from posts where description = any($1)', ledger.entries],
      ['select body as text from comments where body = any($1)', ledger.comments],
      ['select body as text from chat_messages where body = any($1)', ledger.telex],
    ];
    for (const [sql, texts] of queries) {
      for (const r of (await c.query<{ text: string }>(sql, [texts])).rows) counts[r.text] = (counts[r.text] ?? 0) + 1;
    }
  });
  return counts;
}

/** The member's texts that are not stored exactly once. */
export async function memberMisses(ledger: MemberLedger): Promise<string[]> {
  return Object.entries(await memberRows(ledger))
    .filter(([, n]) => n !== 1)
    .map(([text, n]) => `${text}: ${n} rows`);
}
