/**
 * The vault's queued writes: the per-row privacy of a work or education item
 * ('work.privacy', 'education.privacy') and the member's privacy and bulletin
 * settings ('privacySetting.update', 'notifySetting.update'). The local applier marks
 * the row pending with its new value; the answer applier writes the server's row,
 * keeping its place in the list.
 */
import { notifySetting, privacySetting } from '../../../contract/settings';
import { educationItem, workItem } from '../../../contract/vault';
import type { MemberDb } from '../db';
import type { AreaAppliers } from './applier';

type Mark = 'pending' | 'failed' | undefined;

/** The privacy's name from the mirrored master list, so the row reads right before the answer. */
async function privacyNameOf(db: MemberDb, privacyCode: number): Promise<string | undefined> {
  const row = await db.masters.get('privacies');
  return row?.name === 'privacies' ? row.rows.find((p) => p.privacyCode === privacyCode)?.privacyName : undefined;
}

async function privacyChanges(db: MemberDb, privacyCode: number, mark: Mark) {
  const privacyName = await privacyNameOf(db, privacyCode);
  return privacyName === undefined ? { privacyCode, _sync: mark } : { privacyCode, privacyName, _sync: mark };
}

export const vaultAppliers = {
  'work.privacy': {
    local: async (db, p, mark) => {
      await db.works.update(p.data.userWorkCode, await privacyChanges(db, p.data.privacyCode, mark));
    },
    answer: async (db, p, data) => {
      const row = workItem.safeParse(data);
      const kept = await db.works.get(p.data.userWorkCode);
      if (!kept) return;
      if (row.success) await db.works.put({ ...row.data, userCode: kept.userCode, order: kept.order });
      else await db.works.update(p.data.userWorkCode, { _sync: undefined });
    },
  },
  'education.privacy': {
    local: async (db, p, mark) => {
      await db.educations.update(p.data.userEduCode, await privacyChanges(db, p.data.privacyCode, mark));
    },
    answer: async (db, p, data) => {
      const row = educationItem.safeParse(data);
      const kept = await db.educations.get(p.data.userEduCode);
      if (!kept) return;
      if (row.success) await db.educations.put({ ...row.data, userCode: kept.userCode, order: kept.order });
      else await db.educations.update(p.data.userEduCode, { _sync: undefined });
    },
  },
  'privacySetting.update': {
    local: async (db, p, mark) => {
      const privacyName = p.data.privacyName ?? (await privacyNameOf(db, p.data.privacyCode));
      await db.privacySettings.update(p.data.featureCode, { privacyCode: p.data.privacyCode, privacyName, _sync: mark });
    },
    answer: async (db, p, data) => {
      const row = privacySetting.safeParse(data);
      if (row.success) await db.privacySettings.put({ ...row.data, userCode: p.userCode });
      else await db.privacySettings.update(p.data.featureCode, { _sync: undefined });
    },
  },
  'notifySetting.update': {
    local: async (db, p, mark) => {
      await db.notifySettings.update(p.data.featureCode, { notify: p.data.notify, _sync: mark });
    },
    answer: async (db, p, data) => {
      const row = notifySetting.safeParse(data);
      if (row.success) await db.notifySettings.put({ ...row.data, userCode: p.userCode });
      else await db.notifySettings.update(p.data.featureCode, { _sync: undefined });
    },
  },
} satisfies AreaAppliers;
