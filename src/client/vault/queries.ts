/** Live hooks of the own vault: personal details, plan, the master lists it needs, write state. */
import { useLiveQuery } from '../store/live-query';
import { PRIVACY_FEATURES, type PrivacyFeature } from '../../contract/codes';
import type { Plan } from '../../contract/masters';
import { NOTIFY_FEATURES, type NotifyFeature } from '../../contract/settings';
import type { MutationKind } from '../../contract/mutations';
import { targets } from '../../contract/targets';
import {
  memberDb,
  type EducationRow,
  type NotifySettingRow,
  type PersonalRow,
  type PlanRow,
  type PrivacySettingRow,
  type ProfileRow,
  type WorkRow,
} from '../store/db';
import type { SyncMarkState } from '../ui/sync-mark';

/** The personal row when cached, else the profile row (it holds the same fields). */
export function usePersonalDetails(me: string): PersonalRow | ProfileRow | undefined {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    return (await db.personal.get(me)) ?? (await db.profiles.get(me));
  }, [me]);
}

export function useMyPlan(me: string): PlanRow | undefined {
  return useLiveQuery(() => memberDb(me).plans.get(me), [me]);
}


/** The plan master list when the worker has mirrored it, else undefined. */
export function usePlanList(me: string): Plan[] | undefined {
  return useLiveQuery(async () => {
    const row = await memberDb(me).masters.get('plans');
    return row?.name === 'plans' ? row.rows : undefined;
  }, [me]);
}

/**
 * Delivery state of the member's queued writes of one kind, from the outbox (the
 * profile row's `_sync` mark is shared with the about text). Failed wins.
 */
export function useWriteState(me: string, kind: MutationKind): SyncMarkState | undefined {
  return useLiveQuery(async () => {
    const items = await memberDb(me).outbox.where('target').equals(targets.profile(me)).toArray();
    const mine = items.filter((item) => item.kind === kind);
    const failed = mine.find((item) => item.status === 'failed');
    if (failed) {
      return { status: 'failed', id: failed.id, message: failed.error?.message ?? 'The server refused this change.' };
    }
    return mine.length > 0 ? { status: 'pending' } : undefined;
  }, [me, kind]);
}

/** A member's work or education list as mirrored: rows in the server's order (current first) and its access. */
export type VaultList<R> = { rows: R[]; accessCode: number | undefined; loaded: boolean };

const EMPTY_LIST = { rows: [], accessCode: undefined, loaded: false };

export function useWorks(me: string, userCode: string): VaultList<WorkRow> {
  return (
    useLiveQuery(async () => {
      const db = memberDb(me);
      const [rows, page] = await Promise.all([
        db.works.where('userCode').equals(userCode).sortBy('order'),
        db.listPages.get(`works:${userCode}::1`),
      ]);
      return { rows, accessCode: page?.accessCode, loaded: page !== undefined };
    }, [me, userCode], EMPTY_LIST)
  );
}

export function useEducations(me: string, userCode: string): VaultList<EducationRow> {
  return (
    useLiveQuery(async () => {
      const db = memberDb(me);
      const [rows, page] = await Promise.all([
        db.educations.where('userCode').equals(userCode).sortBy('order'),
        db.listPages.get(`educations:${userCode}::1`),
      ]);
      return { rows, accessCode: page?.accessCode, loaded: page !== undefined };
    }, [me, userCode], EMPTY_LIST)
  );
}


/**
 * The delivery state of one row's queued privacy change: the row's own `_sync` says
 * pending or failed; the outbox item gives the failure's words and its id for Retry.
 */
export function useRowWriteState(
  me: string,
  kind: 'work.privacy' | 'education.privacy',
  rowCode: string,
): SyncMarkState | undefined {
  return useLiveQuery(async () => {
    const items = await memberDb(me).outbox.where('target').equals(targets.vault(me)).toArray();
    const mine = items.filter((item) => {
      if (item.kind !== kind) return false;
      const data = (item.payload as { data?: Record<string, unknown> }).data ?? {};
      return data.userWorkCode === rowCode || data.userEduCode === rowCode;
    });
    const failed = mine.find((item) => item.status === 'failed');
    if (failed) {
      return { status: 'failed', id: failed.id, message: failed.error?.message ?? 'The server refused this change.' };
    }
    return mine.length > 0 ? { status: 'pending' } : undefined;
  }, [me, kind, rowCode]);
}

/** Another member's profile and personal details as this device holds them (visited suites open offline). */
export function useMemberPersonal(me: string, userCode: string) {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    const [profile, personal, cursor] = await Promise.all([
      db.profiles.get(userCode),
      db.personal.get(userCode),
      db.cursors.get(`personal:${userCode}`),
    ]);
    // Pulled without an error and no row: the owner hides their personal details (106).
    const hidden = !personal && cursor !== undefined && !cursor.error;
    // The owner's gender is known once their profile or personal details have been read
    // (the privacy picture waits for it rather than flashing the neutral one first).
    const genderKnown = profile !== undefined || cursor !== undefined;
    return { profile, personal, hidden, genderKnown };
  }, [me, userCode]);
}

/** The member's privacy settings, one per feature, in the order the modal lists them. */
export function usePrivacySettings(me: string): PrivacySettingRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await memberDb(me).privacySettings.toArray();
    const order = (code: string) => PRIVACY_FEATURES.indexOf(code as PrivacyFeature);
    return rows.sort((a, b) => order(a.featureCode) - order(b.featureCode));
  }, [me]);
}

export function useNotifySettings(me: string): NotifySettingRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await memberDb(me).notifySettings.toArray();
    const order = (code: string) => NOTIFY_FEATURES.indexOf(code as NotifyFeature);
    return rows.sort((a, b) => order(a.featurecode) - order(b.featurecode));
  }, [me]);
}

export { usePrivacies, useProfessions } from '../ui/use-masters';
