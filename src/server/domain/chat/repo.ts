/**
 * Telex queries. Raw SQL on purpose: the send path is one INSERT … SELECT (friendship
 * check, recipient lookup and store in a single round trip), and the list reads need
 * DISTINCT ON and correlated counts that the query builder only obscures.
 */
import { sql } from 'drizzle-orm';
import type { CallKind, CallOutcome } from '../../../contract/calls';
import type { ChatConversation, ChatFriend, ChatMessage, ChatStatus } from '../../../contract/chat';
import type { Gender } from '../../../contract/user';
import { queryRows, type Db } from '../../db/client';

export type Page = { pageNo: number; pageSize: number };

/** Both drivers hand back Date for timestamptz; a string is tolerated anyway. */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const statusOf = (r: { delivered_at: unknown; read_at: unknown }): ChatStatus => (r.read_at ? 'read' : r.delivered_at ? 'delivered' : 'sent');
const pairOf = (a: number | ReturnType<typeof sql>, b: number | ReturnType<typeof sql>) => sql`least(${a}, ${b}), greatest(${a}, ${b})`;

export type SendOutcome =
  | { kind: 'stored'; time: string; recipientId: number }
  | { kind: 'repeat'; time: string; status: ChatStatus }
  | { kind: 'notFriends' }
  | { kind: 'duplicateId' };

/**
 * Stores a message once. The INSERT only selects a recipient who is a billionett of the
 * sender; ON CONFLICT DO NOTHING makes a resend a no-op, then the stored row answers it
 * (or, when the id holds another message, duplicateId).
 */
export async function storeMessage(db: Db, m: { id: string; senderId: number; recvCode: string; body: string }): Promise<SendOutcome> {
  const inserted = await queryRows<{ created_at: Date; recipient_id: number }>(
    db,
    sql`insert into chat_messages (id, sender_id, recipient_id, body)
        select ${m.id}, ${m.senderId}::integer, u.id, ${m.body}
        from users u
        join friendships f on f.user_a = least(${m.senderId}::integer, u.id) and f.user_b = greatest(${m.senderId}::integer, u.id)
        where u.user_code = ${m.recvCode}
        on conflict (id) do nothing
        returning created_at, recipient_id`,
  );
  if (inserted[0]) return { kind: 'stored', time: iso(inserted[0].created_at), recipientId: inserted[0].recipient_id };
  const [existing] = await queryRows<{ sender_id: number; recv_code: string; body: string; created_at: Date; delivered_at: Date | null; read_at: Date | null }>(
    db,
    sql`select m.sender_id, r.user_code as recv_code, m.body, m.created_at, m.delivered_at, m.read_at
        from chat_messages m join users r on r.id = m.recipient_id where m.id = ${m.id}`,
  );
  if (!existing) return { kind: 'notFriends' };
  // A resend is the same message: same sender, receiver and text. Anything else under a
  // taken id would be acknowledged as sent and silently dropped; refuse it instead.
  if (existing.sender_id !== m.senderId || existing.recv_code !== m.recvCode || existing.body !== m.body) return { kind: 'duplicateId' };
  return { kind: 'repeat', time: iso(existing.created_at), status: statusOf(existing) };
}

export type StatusChange = { senderCode: string; ids: string[] };

/**
 * Moves messages addressed to `recipientId` to delivered (or read, which implies
 * delivered). Only rows that actually change come back, grouped by their sender, so a
 * repeated confirmation pushes nothing.
 */
export async function markMessages(db: Db, recipientId: number, ids: string[], status: 'delivered' | 'read'): Promise<{ time: string; changes: StatusChange[] }> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; sender_code: string; at: Date }>(
    db,
    status === 'read'
      ? sql`update chat_messages m set read_at = now(), delivered_at = coalesce(m.delivered_at, now())
            from users s where s.id = m.sender_id and m.recipient_id = ${recipientId} and m.read_at is null and m.id in (${list})
            returning m.id, s.user_code as sender_code, m.read_at as at`
      : sql`update chat_messages m set delivered_at = now()
            from users s where s.id = m.sender_id and m.recipient_id = ${recipientId} and m.delivered_at is null and m.id in (${list})
            returning m.id, s.user_code as sender_code, m.delivered_at as at`,
  );
  const bySender = new Map<string, string[]>();
  for (const r of rows) {
    const group = bySender.get(r.sender_code);
    if (group) group.push(r.id);
    else bySender.set(r.sender_code, [r.id]);
  }
  const time = rows[0] ? iso(rows[0].at) : new Date().toISOString();
  return { time, changes: [...bySender].map(([senderCode, changed]) => ({ senderCode, ids: changed })) };
}

type MessageRow = {
  id: string;
  sender: string;
  recv: string;
  body: string;
  created_at: Date;
  delivered_at: Date | null;
  read_at: Date | null;
  call_kind: string | null;
  call_outcome: string | null;
  call_seconds: number | null;
};
const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  sender: r.sender,
  body: r.body,
  time: iso(r.created_at),
  status: statusOf(r),
  recvId: r.recv,
  recvIsGroup: false,
  // A call's line (domain/calls/lines.ts): what the history draws instead of a bubble.
  ...(r.call_kind ? { call: { kind: r.call_kind as CallKind, outcome: r.call_outcome as CallOutcome, seconds: r.call_seconds ?? 0 } } : {}),
});
const messageColumns = sql`m.id, s.user_code as sender, r.user_code as recv, m.body, m.created_at, m.delivered_at, m.read_at, m.call_kind, m.call_outcome, m.call_seconds`;

/** Messages to `recipientId` never confirmed as delivered, oldest first (replayed after login). */
export async function undelivered(db: Db, recipientId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await queryRows<MessageRow>(
    db,
    sql`select ${messageColumns} from chat_messages m
        join users s on s.id = m.sender_id join users r on r.id = m.recipient_id
        where m.recipient_id = ${recipientId} and m.delivered_at is null
        order by m.seq limit ${limit}`,
  );
  return rows.map(toMessage);
}

/** userCodes of a member's billionetts (presence goes to them). */
export async function friendCodes(db: Db, memberId: number): Promise<string[]> {
  const rows = await queryRows<{ user_code: string }>(
    db,
    sql`select u.user_code from friendships f
        join users u on u.id = case when f.user_a = ${memberId} then f.user_b else f.user_a end
        where f.user_a = ${memberId} or f.user_b = ${memberId}`,
  );
  return rows.map((r) => r.user_code);
}

/** The member id of a billionett of `memberId` by userCode, or null (unknown or not a billionett). */
export async function friendIdByCode(db: Db, memberId: number, code: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u
        join friendships f on f.user_a = least(${memberId}::integer, u.id) and f.user_b = greatest(${memberId}::integer, u.id)
        where u.user_code = ${code}`,
  );
  return row?.id ?? null;
}

/** One conversation, newest first: page 1 holds the latest CHAT_PAGE_SIZE messages. */
export async function conversationPage(db: Db, meId: number, friendId: number, page: Page): Promise<{ rows: ChatMessage[]; total: number }> {
  const where = sql`least(m.sender_id, m.recipient_id) = least(${meId}::integer, ${friendId}::integer)
                    and greatest(m.sender_id, m.recipient_id) = greatest(${meId}::integer, ${friendId}::integer)`;
  const rows = await queryRows<MessageRow>(
    db,
    sql`select ${messageColumns} from chat_messages m
        join users s on s.id = m.sender_id join users r on r.id = m.recipient_id
        where ${where} order by m.seq desc limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*)::integer as n from chat_messages m where ${where}`);
  return { rows: rows.map(toMessage), total: Number(count?.n ?? 0) };
}

type CardRow = { user_code: string; display_name: string; plan_name: string; profession_name: string | null; profile_dp: string | null; gender: string };
const cardOf = (r: CardRow) => ({
  userCode: r.user_code,
  displayName: r.display_name,
  planName: r.plan_name,
  professionName: r.profession_name ?? '',
  profileDp: r.profile_dp,
  gender: r.gender as Gender,
});
const cardColumns = sql`u.user_code, u.display_name, p.plan_name, pr.profession_name, u.profile_dp, u.gender`;
const otherOf = (meId: number) => sql`case when f.user_a = ${meId} then f.user_b else f.user_a end`;

/** Every billionett with the latest message time either way; latest chat first, then by name. */
export async function chatFriends(db: Db, meId: number, page: Page): Promise<{ rows: Omit<ChatFriend, 'isOnline'>[]; total: number }> {
  const rows = await queryRows<CardRow & { last: Date | null; total: number | string }>(
    db,
    sql`select ${cardColumns}, count(*) over () as total,
          (select max(m.created_at) from chat_messages m
           where (least(m.sender_id, m.recipient_id), greatest(m.sender_id, m.recipient_id)) = (${pairOf(meId, sql`u.id`)})) as last
        from friendships f
        join users u on u.id = ${otherOf(meId)}
        join plans p on p.plan_code = u.plan_code
        left join professions pr on pr.profession_code = u.profession_code
        where f.user_a = ${meId} or f.user_b = ${meId}
        order by last desc nulls last, u.display_name, u.id
        limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`,
  );
  const total = rows[0] ? Number(rows[0].total) : 0;
  return { rows: rows.map((r) => ({ ...cardOf(r), lastChatTime: r.last ? iso(r.last) : null })), total };
}

/** Conversations with billionetts: the last message, its time and my unread count; latest first. */
export async function conversations(db: Db, meId: number, page: Page): Promise<{ rows: Omit<ChatConversation, 'isOnline'>[]; total: number }> {
  const rows = await queryRows<CardRow & MessageRow & { unread: number | string; total: number | string }>(
    db,
    sql`with last as (
          select distinct on (other) *
          from (select m.*, case when m.sender_id = ${meId} then m.recipient_id else m.sender_id end as other
                from chat_messages m where m.sender_id = ${meId} or m.recipient_id = ${meId}) mine
          order by other, seq desc
        )
        select ${cardColumns}, m.id, s.user_code as sender, r.user_code as recv, m.body, m.created_at, m.delivered_at, m.read_at, m.call_kind, m.call_outcome, m.call_seconds,
          (select count(*)::integer from chat_messages c where c.sender_id = m.other and c.recipient_id = ${meId} and c.read_at is null) as unread,
          count(*) over () as total
        from last m
        join users u on u.id = m.other
        join friendships f on (f.user_a, f.user_b) = (${pairOf(meId, sql`m.other`)})
        join users s on s.id = m.sender_id join users r on r.id = m.recipient_id
        join plans p on p.plan_code = u.plan_code
        left join professions pr on pr.profession_code = u.profession_code
        order by m.seq desc
        limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`,
  );
  const total = rows[0] ? Number(rows[0].total) : 0;
  return {
    rows: rows.map((r) => {
      const lastMessage = toMessage(r);
      return { ...cardOf(r), lastMessage, lastChatTime: lastMessage.time, unread: Number(r.unread) };
    }),
    total,
  };
}
