/**
 * Writes of the own vault. Personal details are a queued write (DESIGN.md): the
 * optimistic row and the outbox item in one Dexie transaction, then a nudge to the
 * worker. The payload is the contract's personalDetailsUpdate.
 */
import type { PrivacyFeature } from '../../contract/codes';
import type { NotifyFeature } from '../../contract/settings';
import type { PersonalUpdate } from '../../contract/user';
import type { EducationInput, LookupKind, WorkInput } from '../../contract/vault';
import { memberDb } from '../store/db';
import { enqueue } from '../store/enqueue';
import { sync } from '../sync/client';

export async function savePersonalDetails(me: string, data: PersonalUpdate): Promise<void> {
  await enqueue(memberDb(me), 'personal.update', { userCode: me, data });
  void sync.kick().catch(() => undefined);
}

/** Refresh the personal details from the server (stale-while-revalidate: the cached row shows meanwhile). */
export function refreshPersonal(me: string): void {
  void sync.pull({ kind: 'personal', userCode: me }).catch(() => undefined);
}

export const retryWrite = (id: string): Promise<void> => sync.retry(id);
export const discardWrite = (id: string): Promise<void> => sync.discard(id);

/** Ask the worker for a member's work and education lists (cached rows show meanwhile). */
export function refreshVaultLists(userCode: string): void {
  void sync.pull({ kind: 'works', userCode }).catch(() => undefined);
  void sync.pull({ kind: 'educations', userCode }).catch(() => undefined);
}

/** The table's per-row privacy selector: a queued write, so it works offline too. */
export async function changeWorkPrivacy(me: string, userWorkCode: string, privacyCode: number): Promise<void> {
  await enqueue(memberDb(me), 'work.privacy', { userCode: me, data: { userWorkCode, privacyCode } });
  void sync.kick().catch(() => undefined);
}

export async function changeEducationPrivacy(me: string, userEduCode: string, privacyCode: number): Promise<void> {
  await enqueue(memberDb(me), 'education.privacy', { userCode: me, data: { userEduCode, privacyCode } });
  void sync.kick().catch(() => undefined);
}

// Online-only (api.ts): the worker answers 'You are offline. …' and changes nothing.
export const saveWork = (input: WorkInput & { userWorkCode?: string }) => sync.saveWork(input);
export const deleteWork = (workCode: string) => sync.deleteWork(workCode);
export const saveEducation = (input: EducationInput & { userEduCode?: string }) => sync.saveEducation(input);
export const deleteEducation = (educationCode: string) => sync.deleteEducation(educationCode);
export const lookup = (kind: LookupKind, text: string) => sync.lookup(kind, text);

/** The header modal's settings: refreshed on open; each change is a queued write. */
export function refreshSettings(): void {
  void sync.pull({ kind: 'privacySettings' }).catch(() => undefined);
  void sync.pull({ kind: 'notifySettings' }).catch(() => undefined);
}

export async function changePrivacySetting(me: string, featureCode: PrivacyFeature, privacyCode: number, privacyName?: string) {
  await enqueue(memberDb(me), 'privacySetting.update', { userCode: me, data: { featureCode, privacyCode, privacyName } });
  void sync.kick().catch(() => undefined);
}

export async function changeNotifySetting(me: string, featureCode: NotifyFeature, notify: 'Yes' | 'No') {
  await enqueue(memberDb(me), 'notifySetting.update', { userCode: me, data: { featureCode, notify } });
  void sync.kick().catch(() => undefined);
}

/** Online-only: the defaults come back whole from the server. */
export const resetSettings = (which: 'privacy' | 'notify') => sync.resetSettings(which);
