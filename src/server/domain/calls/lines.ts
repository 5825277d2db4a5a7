/**
 * An ended call's line in the telex history (decision 0076): a chat message whose id is the
 * call's, sent by the caller, with `call_*` set and its words as the body. Stored once (a
 * second end of the same call, on another host, hits ON CONFLICT). A call both members took
 * part in (answered, declined) is read already; a missed one stays unread for the callee.
 */
import { sql } from 'drizzle-orm';
import { callLineText, type CallKind, type CallOutcome } from '../../../contract/calls';
import type { ChatMessage } from '../../../contract/chat';
import { queryRows, type Db } from '../../db/client';
import { iso } from '../chat/repo';

export type CallLineInput = {
  callId: string;
  callerId: number;
  caller: string;
  calleeId: number;
  callee: string;
  kind: CallKind;
  outcome: CallOutcome;
  seconds: number;
};

/** The stored line as a message frame's body, or null when it was stored before. */
export async function storeCallLine(db: Db, line: CallLineInput): Promise<ChatMessage | null> {
  const call = { kind: line.kind, outcome: line.outcome, seconds: line.seconds };
  const body = callLineText(call);
  const seen = line.outcome === 'answered' || line.outcome === 'declined';
  const [row] = await queryRows<{ created_at: Date }>(
    db,
    sql`insert into chat_messages (id, sender_id, recipient_id, body, call_kind, call_outcome, call_seconds, delivered_at, read_at)
        values (${line.callId}, ${line.callerId}::integer, ${line.calleeId}::integer, ${body}, ${line.kind}, ${line.outcome}, ${line.seconds}::integer,
                ${seen ? sql`now()` : sql`null`}, ${seen ? sql`now()` : sql`null`})
        on conflict (id) do nothing
        returning created_at`,
  );
  if (!row) return null;
  return { id: line.callId, sender: line.caller, body, time: iso(row.created_at), status: seen ? 'read' : 'sent', recvId: line.callee, recvIsGroup: false, call };
}
