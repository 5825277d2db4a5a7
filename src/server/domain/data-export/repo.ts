/**
 * The data_exports rows (db/schema/data-exports.ts) as the routes and the job use them:
 * asking for one, its state as the member sees it, claiming and finishing it, and the
 * short-lived download link. Rows become contract shapes here only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EXPORT_DAYS, EXPORT_LINK_MINUTES, type DataExportItem } from '../../../contract/data-export';
import { queryRows, type Db } from '../../db/client';
import type { ExportMedia } from '../../db/schema/data-exports';

/** How long a host holds an export it builds before another may take it over. */
export const BUILD_LEASE_SECONDS = 300;
/** Builds tried before an export is marked failed (the member may ask again). */
export const MAX_BUILD_ATTEMPTS = 3;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Queues a new export for the member. A ready or failed one is replaced (its snapshot and
 * link go with it); one still queued or building is kept and the answer is false: one at a
 * time. A single statement, so two requests at once cannot both queue one.
 */
export async function requestExport(db: Db, userId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into data_exports (user_id) values (${userId})
        on conflict (user_id) do update set
          status = 'queued', requested_at = now(), ready_at = null, expires_at = null, locked_until = null,
          attempts = 0, link_hash = null, link_expires_at = null, snapshot = null, media = '[]'::jsonb
        where data_exports.status not in ('queued', 'building')
        returning id`,
  );
  return rows.length > 0;
}

type StateRow = { status: DataExportItem['status']; requested_at: Date | string; ready_at: Date | string | null; expires_at: Date | string | null; files: number | null };

/** The member's export as their app shows it; an expired one is as good as none. */
export async function exportState(db: Db, userId: number): Promise<DataExportItem | null> {
  const [row] = await queryRows<StateRow>(
    db,
    sql`select status, requested_at, ready_at, expires_at,
          case when status = 'ready' then jsonb_array_length(media) end as files
        from data_exports where user_id = ${userId} and (expires_at is null or expires_at > now())`,
  );
  if (!row) return null;
  return { status: row.status, requestedAt: iso(row.requested_at)!, readyAt: iso(row.ready_at), expiresAt: iso(row.expires_at), files: row.files === null ? null : Number(row.files) };
}

export type ClaimedExport = { id: number; userId: number };

/**
 * Takes the oldest export waiting (or one whose builder's lease lapsed) for this host. Exports
 * whose builds kept failing are marked failed first, so a poisoned one does not loop forever.
 */
export async function claimExport(db: Db): Promise<ClaimedExport | null> {
  await db.execute(sql`
    update data_exports set status = 'failed', locked_until = null
    where status = 'building' and locked_until < now() and attempts >= ${MAX_BUILD_ATTEMPTS}`);
  const [row] = await queryRows<{ id: number; user_id: number }>(
    db,
    sql`with next as (
          select id from data_exports
          where status = 'queued' or (status = 'building' and locked_until < now())
          order by requested_at limit 1 for update skip locked
        )
        update data_exports e set status = 'building', attempts = e.attempts + 1,
          locked_until = now() + make_interval(secs => ${BUILD_LEASE_SECONDS})
        from next where e.id = next.id
        returning e.id, e.user_id`,
  );
  return row ? { id: Number(row.id), userId: Number(row.user_id) } : null;
}

/**
 * Stores what the job gathered and marks the export ready. False when the row is no longer
 * this build's (the member's account went, or the lease lapsed and another host took it).
 */
export async function finishExport(db: Db, id: number, snapshot: Record<string, unknown>, media: ExportMedia[]): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update data_exports set status = 'ready', ready_at = now(), locked_until = null,
          expires_at = now() + make_interval(days => ${EXPORT_DAYS}),
          snapshot = ${JSON.stringify(snapshot)}::json, media = ${JSON.stringify(media)}::jsonb
        where id = ${id} and status = 'building'
        returning id`,
  );
  return rows.length > 0;
}

export async function failExport(db: Db, id: number): Promise<void> {
  await db.execute(sql`update data_exports set status = 'failed', locked_until = null where id = ${id} and status = 'building'`);
}

/** Expired exports go whole: their copy of the member's data is kept no longer than promised. */
export async function sweepExpired(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`delete from data_exports where expires_at < now() returning id`);
  return rows.length;
}

/**
 * A fresh download link for the member's ready export (null: none ready). 32 random bytes;
 * only their SHA-256 is kept, and the newest link replaces the one before.
 */
export async function mintLink(db: Db, userId: number): Promise<{ token: string; expiresAt: string } | null> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await queryRows<{ link_expires_at: Date | string }>(
    db,
    sql`update data_exports set link_hash = ${tokenHash(token)},
          link_expires_at = least(expires_at, now() + make_interval(mins => ${EXPORT_LINK_MINUTES}))
        where user_id = ${userId} and status = 'ready' and expires_at > now()
        returning link_expires_at`,
  );
  return row ? { token, expiresAt: iso(row.link_expires_at)! } : null;
}

export type DownloadableExport = { id: number; userId: number; userCode: string; readyAt: string; parts: string[]; media: ExportMedia[] };

/** The ready export a link's token opens, or null (unknown, expired, or not ready). */
export async function exportByToken(db: Db, token: string): Promise<DownloadableExport | null> {
  const [row] = await queryRows<{ id: number; user_id: number; user_code: string; ready_at: Date | string; parts: string[] | null; media: ExportMedia[] }>(
    db,
    sql`select e.id, e.user_id, u.user_code, e.ready_at, e.media,
          (select array_agg(k) from json_object_keys(e.snapshot) k) as parts
        from data_exports e join users u on u.id = e.user_id
        where e.link_hash = ${tokenHash(token)} and e.link_expires_at > now()
          and e.status = 'ready' and e.expires_at > now()`,
  );
  if (!row) return null;
  return { id: Number(row.id), userId: Number(row.user_id), userCode: row.user_code, readyAt: iso(row.ready_at)!, parts: row.parts ?? [], media: row.media };
}

/** One JSON part of an export's snapshot (read part by part: never the whole snapshot at once). */
export async function exportPart(db: Db, id: number, part: string): Promise<unknown> {
  const [row] = await queryRows<{ part: unknown }>(db, sql`select snapshot -> ${part} as part from data_exports where id = ${id}`);
  return row?.part ?? null;
}
