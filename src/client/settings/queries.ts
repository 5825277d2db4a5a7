/** Live reads of the account settings (DESIGN.md: the UI reads only Dexie). */
import { memberDb, type DataExportStateRow, type DeviceSessionRow, type PasskeyRow, type SecondFactorStateRow } from '../store/db';
import { useLiveQuery } from '../store/live-query';

/** The member's sessions: this device's first, then the most recently used. */
export function useDeviceSessions(me: string): DeviceSessionRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await memberDb(me).deviceSessions.toArray();
    return rows.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  }, [me]);
}

/** Two-step sign-in as last pulled; undefined until then. */
export function useSecondFactorState(me: string): SecondFactorStateRow | undefined {
  return useLiveQuery(async () => {
    const row = await memberDb(me).accountState.get('secondFactor');
    return row?.key === 'secondFactor' ? row : undefined;
  }, [me]);
}

/** The member's data export as last pulled; undefined until then. */
export function useDataExportState(me: string): DataExportStateRow | undefined {
  return useLiveQuery(async () => {
    const row = await memberDb(me).accountState.get('dataExport');
    return row?.key === 'dataExport' ? row : undefined;
  }, [me]);
}

/** The member's passkeys, the newest first; undefined until read. */
export function usePasskeys(me: string): PasskeyRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await memberDb(me).passkeys.toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [me]);
}
