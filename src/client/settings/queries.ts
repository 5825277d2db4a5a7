/** Live reads of the account settings (DESIGN.md: the UI reads only Dexie). */
import { memberDb, type AccountStateRow, type DeviceSessionRow, type PasskeyRow } from '../store/db';
import { useLiveQuery } from '../store/live-query';

/** The member's sessions: this device's first, then the most recently used. */
export function useDeviceSessions(me: string): DeviceSessionRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await memberDb(me).deviceSessions.toArray();
    return rows.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  }, [me]);
}

/** One account matter as last pulled, by its key; undefined until then. */
function useAccountState<K extends AccountStateRow['key']>(me: string, key: K): Extract<AccountStateRow, { key: K }> | undefined {
  return useLiveQuery(async () => {
    const row = await memberDb(me).accountState.get(key);
    return row?.key === key ? (row as Extract<AccountStateRow, { key: K }>) : undefined;
  }, [me, key]);
}

/** Two-step sign-in (and how many passkeys) as last pulled. */
export const useSecondFactorState = (me: string) => useAccountState(me, 'secondFactor');
/** The member's data export as last pulled. */
export const useDataExportState = (me: string) => useAccountState(me, 'dataExport');
/** 'Delete my account' as last pulled: its preview. */
export const useDeletionState = (me: string) => useAccountState(me, 'deletion');

/** The member's passkeys, the newest first; undefined until read. */
export function usePasskeys(me: string): PasskeyRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await memberDb(me).passkeys.toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [me]);
}
