/** Live hooks of the own vault: personal details, plan, the master lists it needs, write state. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Plan, Profession } from '../../contract/masters';
import type { MutationKind } from '../../contract/mutations';
import { memberDb, type PersonalRow, type PlanRow, type ProfileRow } from '../store/db';
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

export function useProfessions(me: string): Profession[] {
  return (
    useLiveQuery(async () => {
      const row = await memberDb(me).masters.get('professions');
      return row?.name === 'professions' ? row.rows : [];
    }, [me]) ?? []
  );
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
    const items = await memberDb(me).outbox.where('target').equals(`profile:${me}`).toArray();
    const mine = items.filter((item) => item.kind === kind);
    const failed = mine.find((item) => item.status === 'failed');
    if (failed) {
      return { status: 'failed', id: failed.id, message: failed.error?.message ?? 'The server refused this change.' };
    }
    return mine.length > 0 ? { status: 'pending' } : undefined;
  }, [me, kind]);
}
