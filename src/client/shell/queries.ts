/**
 * Live hooks for the main layout (spec §2.2: profile, plan, menus, privacies,
 * professions, emotions and utilization, all before content shows). One live
 * query reads them together so the layout renders once per change, not seven times.
 */
import { useLiveQuery } from '../store/live-query';
import type { Emoji, Privacy, Profession } from '../../contract/masters';
import { memberDb, type MenuRow, type PlanRow, type ProfileRow, type UtilizationRow } from '../store/db';
import { peekEarly, settleEarly, shellKey } from '../store/early-reads';

export type ShellData = {
  profile?: ProfileRow;
  plan?: PlanRow;
  menu?: MenuRow;
  utilization?: UtilizationRow;
  privacies?: Privacy[];
  professions?: Profession[];
  emojis?: Emoji[];
};

export type ReadyShellData = Required<ShellData>;

/**
 * Undefined while IndexedDB is being read; otherwise whatever is cached. The first render
 * takes the read shell/early-start.ts began before React, when it is done.
 */
export function useShellData(userCode: string): ShellData | undefined {
  return useLiveQuery(
    async () => settleEarly(shellKey(userCode), await readShell(userCode)),
    [userCode],
    peekEarly<ShellData>(shellKey(userCode)),
  );
}

/** The shell rows as cached (the live query's querier; early-start.ts runs it before React). */
export async function readShell(userCode: string): Promise<ShellData> {
  const db = memberDb(userCode);
  const [profile, plan, menu, utilization, masters] = await Promise.all([
    db.profiles.get(userCode),
    db.plans.get(userCode),
    db.menus.get(userCode),
    db.utilization.get(userCode),
    db.masters.bulkGet(['privacies', 'professions', 'emojis']),
  ]);
  const [privacies, professions, emojis] = masters;
  return {
    profile: profile && withoutSyncTime(profile),
    plan,
    menu,
    utilization,
    privacies: privacies?.name === 'privacies' ? privacies.rows : undefined,
    professions: professions?.name === 'professions' ? professions.rows : undefined,
    emojis: emojis?.name === 'emojis' ? emojis.rows : undefined,
  };
}

/**
 * The profile as the shell shows it: without the time of its last pull, which nothing here
 * shows and every pull moves. With it, each pull was a new answer and re-rendered the whole
 * layout, header and menu, just after the app opened (issue 32: home's blocking time).
 */
function withoutSyncTime(profile: ProfileRow): ProfileRow {
  const { syncedAt: _pulledAt, ...shown } = profile;
  return shown;
}

export const isReady = (data: ShellData | undefined): data is ReadyShellData =>
  Boolean(
    data?.profile && data.plan && data.menu && data.utilization && data.privacies && data.professions && data.emojis,
  );

