/**
 * Writing a bulletin, inside the transaction of the event that causes it: the event and its
 * bulletin commit together or not at all, and the row waits for the dispatcher
 * (dispatch.ts) that pushes it to the member's devices and open apps — woken when the
 * write's answer has gone (so after the commit), and polling in case a process died.
 *
 * Callers pass only events whose subject the recipient may see (their own entry, a circle
 * they are invited to, …): a bulletin names its actor and, for circles and slates, the
 * name; nothing else of the subject travels.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BULLETIN_KINDS, type BulletinKind } from '../../../contract/bulletins';
import type { Db } from '../../db/client';
import { bulletins } from '../../db/schema/bulletins';
import { userNotifySettings } from '../../db/schema/settings';

export type BulletinEvent = {
  kind: BulletinKind;
  /** The member it concerns. */
  to: number;
  /** The member who did it. */
  from: number;
  url: string;
  subjectCode?: string;
  subjectName?: string;
};

/** True when a bulletin was written (or an unread telex bulletin counted one more message). */
export async function writeBulletin(tx: Db, event: BulletinEvent): Promise<boolean> {
  // Nobody hears of their own doings, except notices about their account.
  if (event.to === event.from && BULLETIN_KINDS[event.kind] !== 'account') return false;
  const feature = BULLETIN_KINDS[event.kind];
  const [setting] = await tx
    .select({ notify: userNotifySettings.notify })
    .from(userNotifySettings)
    .where(and(eq(userNotifySettings.userId, event.to), eq(userNotifySettings.featureCode, feature)));
  // 'No' means no bulletin at all for that feature, so no push and no badge either.
  if (setting?.notify === 'No') return false;

  if (event.kind === 'telex') {
    // One unread bulletin per billionett who writes: the next message counts on it, moves it
    // to the top and pushes again (the push replaces the notification by its tag).
    const merged = await tx
      .update(bulletins)
      .set({ repeats: sql`${bulletins.repeats} + 1`, createdAt: sql`now()`, dispatchedAt: null })
      .where(and(eq(bulletins.userId, event.to), eq(bulletins.actorId, event.from), eq(bulletins.kind, 'telex'), isNull(bulletins.readAt)))
      .returning({ id: bulletins.id });
    if (merged.length > 0) return true;
  }
  await tx.insert(bulletins).values({
    userId: event.to,
    actorId: event.from,
    kind: event.kind,
    feature,
    subjectCode: event.subjectCode ?? null,
    subjectName: event.subjectName ?? null,
    url: event.url,
  });
  return true;
}
