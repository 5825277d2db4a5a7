/**
 * pull({ kind: 'works' | 'educations', userCode }): a member's work or education list
 * (own or another's) into `works` / `educations`, with its order and access kept in a
 * `listPages` row (key `${kind}:${userCode}::1`). The server answers the current item
 * first; accessCode 106 (the owner hides the feature) drops what the device kept and
 * records the 106, so the vault shows the privacy picture offline too.
 */
import type { ZodType } from 'zod';
import { ACCESS_OK, ACCESS_RESTRICTED } from '../../../contract/codes';
import { targets } from '../../../contract/targets';
import { educationItem, VAULT_PATHS, workItem, type EducationItem, type WorkItem } from '../../../contract/vault';
import type { MemberDb } from '../../store/db';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

/** The outbox target of the member's per-row privacy writes (contract/mutations.ts). */
export const vaultListKey = (kind: 'works' | 'educations', userCode: string) => `${kind}:${userCode}::1`;

type Spec<T> = {
  kind: 'works' | 'educations';
  path: (userCode: string) => string;
  schema: ZodType<T[]>;
  codeOf: (row: T) => string;
  replace: (db: MemberDb, userCode: string, rows: (T & { userCode: string; order: number })[]) => Promise<void>;
};

const works: Spec<WorkItem> = {
  kind: 'works',
  path: VAULT_PATHS.works,
  schema: workItem.array(),
  codeOf: (row) => row.userWorkCode,
  async replace(db, userCode, rows) {
    await db.works.where('userCode').equals(userCode).delete();
    await db.works.bulkPut(rows);
  },
};

const educations: Spec<EducationItem> = {
  kind: 'educations',
  path: VAULT_PATHS.educations,
  schema: educationItem.array(),
  codeOf: (row) => row.userEduCode,
  async replace(db, userCode, rows) {
    await db.educations.where('userCode').equals(userCode).delete();
    await db.educations.bulkPut(rows);
  },
};

async function pullList<T>(ctx: SyncContext, member: Member, userCode: string, spec: Spec<T>): Promise<PullResult> {
  const { db } = member;
  const key = vaultListKey(spec.kind, userCode);
  const result = await authed(ctx, member, spec.path(userCode));
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const hidden = result.body.accessCode === ACCESS_RESTRICTED;
  const parsed = hidden ? { success: true as const, data: [] as T[] } : spec.schema.safeParse(result.body.data ?? []);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const rows = parsed.data.map((row, order) => ({ ...row, userCode, order }));
  await writeMirror(db, [targets.vault(userCode)], async () => {
    await spec.replace(db, userCode, rows);
    await db.listPages.put({
      key,
      kind: spec.kind,
      owner: userCode,
      pageNo: 1,
      codes: rows.map(spec.codeOf),
      totalRecords: rows.length,
      accessCode: hidden ? ACCESS_RESTRICTED : ACCESS_OK,
      syncedAt: Date.now(),
    });
  });
  return pulled(db, key, result.status, hidden ? ACCESS_RESTRICTED : (result.body.accessCode ?? ACCESS_OK));
}

export const pullWorks = (ctx: SyncContext, member: Member, userCode: string) => pullList(ctx, member, userCode, works);
export const pullEducations = (ctx: SyncContext, member: Member, userCode: string) =>
  pullList(ctx, member, userCode, educations);
