/**
 * pull({ kind: 'shell' }): what every private screen frames itself with — the own
 * profile and personal details, plan, side menu, storage use, and the master lists.
 * The calls go out together and each success is kept even when others fail
 * (a flaky network should not cost the member the half that arrived).
 */
import { MASTER_PATHS, emoji, privacy, profession } from '../../../contract/masters';
import { serviceKind } from '../../../contract/barter';
import { targets } from '../../../contract/targets';
import { USER_PATHS, personalInfo, userMenu, userPlan, userProfile, utilization } from '../../../contract/user';
import type { ZodType } from 'zod';
import type { MemberDb } from '../../store/db';
import { recordCursor, writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import type { HttpFailure } from '../http';
import { toPullFailure } from './outcome';

/** One call of the shell: its path, and how its checked answer becomes rows. */
type Part = { path: string; prepare: (data: unknown) => (db: MemberDb) => Promise<unknown> };

function call<T>(path: string, schema: ZodType<T>, write: (db: MemberDb, value: T) => Promise<unknown>): Part {
  // Parse before the write transaction: a bad shape must not abort the other parts' rows.
  return { path, prepare: (data) => { const value = schema.parse(data); return (db) => write(db, value); } };
}

function parts(me: string): Part[] {
  const syncedAt = () => Date.now();
  return [
    call(USER_PATHS.profile(me), userProfile, (db, v) => db.profiles.put({ ...v, syncedAt: syncedAt() })),
    call(USER_PATHS.personal, personalInfo, (db, v) => db.personal.put({ ...v, syncedAt: syncedAt() })),
    call(USER_PATHS.plan(me), userPlan, (db, v) => db.plans.put({ ...v, userCode: me })),
    call(USER_PATHS.menu(me), userMenu, (db, v) => db.menus.put({ ...v, userCode: me })),
    call(USER_PATHS.utilization, utilization, (db, v) => db.utilization.put({ ...v, userCode: me })),
    call(MASTER_PATHS.privacies, privacy.array(), (db, rows) => db.masters.put({ name: 'privacies', rows })),
    call(MASTER_PATHS.professions, profession.array(), (db, rows) => db.masters.put({ name: 'professions', rows })),
    call(MASTER_PATHS.emojis, emoji.array(), (db, rows) => db.masters.put({ name: 'emojis', rows })),
    call(MASTER_PATHS.services, serviceKind.array(), (db, rows) => db.masters.put({ name: 'services', rows })),
  ];
}

export async function pullShell(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db, session } = member;
  const answers = await Promise.all(
    parts(session.id).map(async (part) => {
      const result = await authed(ctx, member, part.path);
      if (result.kind !== 'ok') return { part, failure: result };
      try {
        return { part, write: part.prepare(result.body.data) };
      } catch {
        const failure: HttpFailure = { kind: 'rejected', status: result.status, message: `Unexpected answer from ${part.path}.` };
        return { part, failure };
      }
    }),
  );

  const arrived = answers.filter((a) => !a.failure);
  if (arrived.length > 0) {
    await writeMirror(db, [targets.profile(session.id)], async () => {
      for (const a of arrived) await a.write?.(db);
    });
  }
  const failures = answers.flatMap((a) => (a.failure ? [a.failure] : []));
  const first = failures.find((f) => f.kind === 'unauthorized') ?? failures[0];
  await recordCursor(db, 'shell', first && { status: first.status, message: first.message });
  if (!first) return { ok: true, status: 200 };
  // Offline only when nothing arrived at all; a partial answer is a partial failure.
  if (arrived.length > 0 && first.kind === 'retryable') return toPullFailure({ ...first, offline: false });
  return toPullFailure(first);
}
