/**
 * The push queue in the database, shared by every API process: claims use
 * FOR UPDATE SKIP LOCKED, so two processes never take the same row, and a claim is a lease
 * (locked_until) so a row held by a process that died is taken again once it lapses.
 *
 * Delivery is at least once: a process that dies after the push service accepted a push
 * but before the job's row is deleted sends it again after the lease. The notification's
 * tag is the bulletin's code, so the device shows it once all the same.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/** How long a claimed job is this process's before another may take it. */
export const LEASE_SECONDS = 60;
/** Attempts before a push is given up (the bulletin stays in the member's list). */
export const MAX_ATTEMPTS = 8;

/**
 * Takes bulletins not yet dispatched and queues one push per device of their member.
 * Answers how many bulletins it took (0: nothing left).
 */
export async function dispatchBulletins(db: Db, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = await queryRows<{ id: number }>(
      tx,
      sql`
        with claimed as (
          select id from bulletins where dispatched_at is null order by id limit ${batch} for update skip locked
        )
        update bulletins b set dispatched_at = now() from claimed where b.id = claimed.id
        returning b.id`,
    );
    if (taken.length === 0) return 0;
    const ids = taken.map((r) => Number(r.id));
    // A merged telex bulletin is dispatched again: its job is simply due again.
    await tx.execute(sql`
      insert into push_jobs (subscription_id, bulletin_id)
      select s.id, b.id from bulletins b join push_subscriptions s on s.user_id = b.user_id
      where b.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      on conflict (subscription_id, bulletin_id) do update set due_at = now(), attempts = 0, locked_until = null`);
    return taken.length;
  });
}

export type PushJob = { id: number; bulletinId: number; attempts: number; endpoint: string; p256dh: string; auth: string; subscriptionId: number };

/** Leases up to `batch` due jobs to this process. */
export async function claimJobs(db: Db, batch = 20): Promise<PushJob[]> {
  const rows = await queryRows<{ id: string | number; bulletin_id: string | number; attempts: number; subscription_id: number; endpoint: string; p256dh: string; auth: string }>(
    db,
    sql`
      with due as (
        select id from push_jobs
        where due_at <= now() and (locked_until is null or locked_until < now())
        order by due_at limit ${batch} for update skip locked
      )
      update push_jobs j set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = j.attempts + 1
      from due, push_subscriptions s
      where j.id = due.id and s.id = j.subscription_id
      returning j.id, j.bulletin_id, j.attempts, j.subscription_id, s.endpoint, s.p256dh, s.auth`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    bulletinId: Number(r.bulletin_id),
    attempts: r.attempts,
    subscriptionId: r.subscription_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
  }));
}

export async function finishJob(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from push_jobs where id = ${id}`);
}

/** Try again later: 10 s, 20 s, 40 s, … up to an hour; after MAX_ATTEMPTS, give up. */
export async function retryJob(db: Db, job: PushJob): Promise<void> {
  if (job.attempts >= MAX_ATTEMPTS) return finishJob(db, job.id);
  const seconds = Math.min(3600, 10 * 2 ** (job.attempts - 1));
  await db.execute(sql`update push_jobs set locked_until = null, due_at = now() + make_interval(secs => ${seconds}) where id = ${job.id}`);
}

/** The push service says this device is gone (404/410): forget it and its jobs. */
export async function forgetSubscription(db: Db, subscriptionId: number): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where id = ${subscriptionId}`);
}

/** Jobs in the queue, due now or waiting for a retry (the metrics' push queue depth; shared by every process). */
export async function queueDepth(db: Db): Promise<number> {
  const [row] = await queryRows<{ jobs: number }>(db, sql`select count(*)::int as jobs from push_jobs`);
  return row?.jobs ?? 0;
}
