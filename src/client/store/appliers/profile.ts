/**
 * The member's own suite writes: 'about.update' and 'personal.update'. Both touch
 * the same member's profile row and, when cached, the personal row (PersonalInfo
 * extends UserProfile, so the edited fields exist in both).
 */
import { personalInfo, userProfile } from '../../../contract/user';
import type { MemberDb } from '../db';
import type { AreaAppliers } from './applier';

type Fields = Record<string, unknown>;

/** Merge edited fields into both rows; `mark` undefined removes the sync mark. */
async function mergeFields(db: MemberDb, userCode: string, fields: Fields, mark: 'pending' | 'failed' | undefined) {
  // Dexie's update() deletes a property set to undefined: that is how a mark is cleared.
  const changes = { ...fields, _sync: mark };
  await db.profiles.update(userCode, changes);
  await db.personal.update(userCode, changes);
}

/**
 * The server answers the updated profile (or personal info). Write it whole, so the
 * row is exactly the server's; if the answer is some other shape, fall back to the
 * sent fields without a mark (the server accepted them).
 */
async function writeAnswer(db: MemberDb, userCode: string, sent: Fields, data: unknown) {
  const syncedAt = Date.now();
  const asPersonal = personalInfo.safeParse(data);
  if (asPersonal.success) {
    const { userPrivacyResponse: _privacy, ...profile } = asPersonal.data;
    await db.personal.put({ ...asPersonal.data, syncedAt });
    await db.profiles.put({ ...profile, syncedAt });
    return;
  }
  const asProfile = userProfile.safeParse(data);
  if (asProfile.success) {
    await db.profiles.put({ ...asProfile.data, syncedAt });
    await mergeFields(db, userCode, asProfile.data, undefined);
    return;
  }
  await mergeFields(db, userCode, sent, undefined);
}

export const profileAppliers = {
  // Each edit sets whole fields (last one wins), so rebase draws only the latest per field set.
  'about.update': {
    local: (db, p, mark) => mergeFields(db, p.userCode, p.data, mark),
    rebaseKey: () => 'about',
    answer: (db, p, data) => writeAnswer(db, p.userCode, p.data, data),
  },
  'personal.update': {
    local: (db, p, mark) => mergeFields(db, p.userCode, p.data, mark),
    rebaseKey: (p) => Object.keys(p.data).sort().join(','),
    answer: (db, p, data) => writeAnswer(db, p.userCode, p.data, data),
  },
} satisfies AreaAppliers;
