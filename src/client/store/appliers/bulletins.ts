/**
 * Marking bulletins read ('bulletin.read'): the rows turn read and the unread count drops at
 * once, offline too; the server's answer sets the count it knows (older pages included).
 */
import { bulletinReadAnswer } from '../../../contract/bulletins';
import type { MemberDb } from '../db';
import type { AreaAppliers } from './applier';

async function setUnread(db: MemberDb, unread: (was: number) => number): Promise<void> {
  const row = await db.counts.get('bulletins');
  await db.counts.put({ key: 'bulletins', totalRecords: row?.totalRecords ?? 0, unread: Math.max(0, unread(row?.unread ?? 0)) });
}

export const bulletinAppliers = {
  'bulletin.read': {
    local: async (db, p, mark) => {
      if ('all' in p.data) {
        await db.bulletins.toCollection().modify({ read: true, _sync: mark });
        await setUnread(db, () => 0);
        return;
      }
      const rows = (await db.bulletins.bulkGet(p.data.bulletinCodes)).filter((r) => r !== undefined);
      const newlyRead = rows.filter((r) => !r.read).length;
      await db.bulletins.bulkUpdate(rows.map((r) => ({ key: r.bulletinCode, changes: { read: true, _sync: mark } })));
      await setUnread(db, (was) => was - newlyRead);
    },
    answer: async (db, p, data) => {
      const codes = 'all' in p.data ? null : p.data.bulletinCodes;
      const rows = codes ? db.bulletins.where('bulletinCode').anyOf(codes) : db.bulletins.toCollection();
      await rows.modify({ read: true, _sync: undefined });
      const answer = bulletinReadAnswer.safeParse(data);
      if (answer.success) await setUnread(db, () => answer.data.unread);
    },
  },
} satisfies AreaAppliers;
