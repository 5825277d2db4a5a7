/**
 * Storage use ('Used Size' in the footer, the Utilization card) changes whenever a file lands
 * on the server: the shell pull reads it once when the app starts, so after an upload the
 * worker reads it again (the server counts a file from its upload on). Called after an
 * upload-bearing outbox write is delivered (an entry or a listing with pictures) and after the
 * online picture calls. Coalesced: a refresh asked while one runs makes one more run after
 * it, never a request per picture. A failure keeps the last known figures.
 */
import { USER_PATHS, utilization } from '../../contract/user';
import { authed, type Member, type SyncContext } from './context';

export type UtilizationRefresh = {
  /** Re-read the member's storage use soon (fire and forget). */
  refresh(member: Member): void;
  /** Resolves when no refresh runs (tests). */
  settled(): Promise<void>;
};

export function createUtilizationRefresh(ctx: SyncContext): UtilizationRefresh {
  let running: Promise<void> | null = null;
  let again: Member | null = null;

  async function once(member: Member): Promise<void> {
    const result = await authed<unknown>(ctx, member, USER_PATHS.utilization);
    if (result.kind !== 'ok') return;
    const parsed = utilization.safeParse(result.body.data);
    // Signed out or switched member meanwhile: their database is not ours to write.
    if (!parsed.success || ctx.member()?.db !== member.db) return;
    await member.db.utilization.put({ ...parsed.data, userCode: member.session.id });
  }

  async function loop(member: Member): Promise<void> {
    let next: Member | null = member;
    while (next) {
      again = null;
      await once(next).catch(() => undefined);
      next = again;
    }
    running = null;
  }

  return {
    refresh(member) {
      if (running) again = member;
      else running = loop(member);
    },
    settled: () => running ?? Promise.resolve(),
  };
}
