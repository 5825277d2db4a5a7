/**
 * The demo logins' telex: Amara and Jonas are billionetts (seed/friendships.ts), and a
 * newcomer who signs in as both to try telex finds a short conversation already there, a few
 * messages each way over the last two days, counted back from the seeding moment so it always
 * reads as recent. Every message is delivered and read: the demo opens with no unread badge
 * that nobody asked for.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { chatMessages } from '../db/schema/chat';
import type { SeedMember } from './community';
import { prng, uuidFrom } from './entries';

const MINUTE_MS = 60_000;

/** [sender index among the demo logins (0 Amara, 1 Jonas), minutes before seeding, text] oldest first. */
export const DEMO_TELEX: readonly (readonly [0 | 1, number, string])[] = [
  [0, 2 * 1440 + 95, 'Hi Jonas! Are you still coming to the harbour talk this week?'],
  [1, 2 * 1440 + 80, 'Hi Amara, yes, I have my ticket. Shall we meet at the café before?'],
  [0, 2 * 1440 + 78, 'Perfect. Half past six at the corner table?'],
  [1, 1440 + 300, 'Half past six it is. I will bring the slides I mentioned.'],
  [0, 1440 + 290, 'Great, thank you! I would love to see the Lisbon numbers.'],
  [1, 45, 'Running ten minutes late, sorry. Order me an espresso?'],
  [0, 40, 'Done. See you soon!'],
];

export async function seedDemoTelex(db: Db, members: SeedMember[], now = Date.now()): Promise<void> {
  const demo = members.slice(0, 2).map((m) => m.userCode);
  if (demo.length < 2) return;
  const rows = await db.select({ id: users.id, userCode: users.userCode }).from(users).where(inArray(users.userCode, demo));
  const ids = demo.map((code) => rows.find((r) => r.userCode === code)?.id);
  const [amara, jonas] = ids;
  if (amara === undefined || jonas === undefined) return;
  const rand = prng(20261125);
  // One insert, oldest first: `seq` (identity) then follows the conversation's order.
  await db.insert(chatMessages).values(
    DEMO_TELEX.map(([from, minutesAgo, body]) => {
      const at = new Date(now - minutesAgo * MINUTE_MS);
      return {
        id: uuidFrom(rand, at.getTime()),
        senderId: from === 0 ? amara : jonas,
        recipientId: from === 0 ? jonas : amara,
        body,
        createdAt: at,
        deliveredAt: at,
        readAt: new Date(at.getTime() + 2 * MINUTE_MS),
      };
    }),
  );
}
