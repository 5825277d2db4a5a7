/** Live hooks of the own suite: the profile row, its writes' delivery state, the about draft. */
import { useLiveQuery } from '../store/live-query';
import { friendReportSlice, type FriendReportSlice } from '../../contract/friends';
import type { MutationKind } from '../../contract/mutations';
import { targets } from '../../contract/targets';
import { memberDb, type ProfileRow, type UtilizationRow } from '../store/db';
import type { SyncMarkState } from '../ui/sync-mark';

export const ABOUT_DRAFT_KEY = 'about';

export function useProfile(me: string): ProfileRow | undefined {
  return useLiveQuery(() => memberDb(me).profiles.get(me), [me]);
}

/**
 * The delivery state of the member's queued writes of one kind, read from the
 * outbox itself: the profile row's `_sync` mark is shared by every write to the
 * profile, and the about box must not say 'pending' for a personal-details edit.
 * A refused write wins over waiting ones: it needs the member's decision.
 */
export function useWriteState(me: string, kind: MutationKind): SyncMarkState | undefined {
  return useLiveQuery(async () => {
    const items = await memberDb(me).outbox.where('target').equals(targets.profile(me)).toArray();
    const mine = items.filter((item) => item.kind === kind).sort((a, b) => (a.id < b.id ? -1 : 1));
    const failed = mine.find((item) => item.status === 'failed');
    if (failed) {
      return { status: 'failed', id: failed.id, message: failed.error?.message ?? 'The server refused this change.' };
    }
    return mine.length > 0 ? { status: 'pending' } : undefined;
  }, [me, kind]);
}

/** The about editor's unsaved text, or undefined when there is none. */
export function useAboutDraft(me: string): string | undefined | null {
  // null while loading, so the editor can wait for it instead of flashing the saved text.
  return useLiveQuery(
    async () => {
      const row = await memberDb(me).drafts.get(ABOUT_DRAFT_KEY);
      return typeof row?.value === 'string' ? row.value : undefined;
    },
    [me],
    null,
  );
}

export type FriendsReport = { slices: FriendReportSlice[]; total: number; accessCode: number } | undefined;

/** A member's billionetts by category (the suite's pie), as last pulled; undefined until then. */
export function useFriendsReport(me: string, userCode: string): FriendsReport {
  return useLiveQuery(async () => {
    const row = await memberDb(me).reports.get(`friends:${userCode}`);
    if (!row) return undefined;
    const parsed = friendReportSlice.array().safeParse(row.rows);
    return { slices: parsed.success ? parsed.data : [], total: row.totalRecords, accessCode: row.accessCode };
  }, [me, userCode]);
}

export function useUtilization(me: string): UtilizationRow | undefined {
  return useLiveQuery(() => memberDb(me).utilization.get(me), [me]);
}
