/**
 * Circles and slates as entries need them (contract/circles.ts):
 * - pull({ kind: 'circle', groupCode }) / ({ kind: 'slate', pageCode }): the details of a
 *   suite on visit into `circles` / `slates`. A 404 (missing, or not readable by this
 *   member — the server never says which) drops what the device kept of it, its feed
 *   pages too, so a circle the member left or lost access to does not stay readable here.
 * - pull({ kind: 'myCircles' }) / ({ kind: 'mySlates' }): the share targets — circles I
 *   belong to and slates I own — one page of up to 100 (the picker's size) into `listPages`.
 */
import type { ZodType } from 'zod';
import { ACCESS_OK } from '../../../contract/codes';
import {
  CIRCLE_PATHS,
  SLATE_PATHS,
  circleCard,
  circleDetails,
  slateCard,
  slateDetails,
} from '../../../contract/circles';
import {
  MY_CIRCLES_KIND,
  MY_SLATES_KIND,
  circleKey,
  mergeCircles,
  mergeSlates,
  slateKey,
} from '../../store/circle-pages';
import type { MemberDb } from '../../store/db';
import { FEED_KIND } from '../../store/feed-pages';
import { pageKey, putPage } from '../../store/pages';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

/** The share picker asks for up to 100 (contract/circles.ts CIRCLE_LIST_PAGE_SIZE note). */
const PICKER_PAGE_SIZE = 100;

/** A circle's or slate's mirrored feed pages (feed owner = its code, mode in the params). */
async function dropFeeds(db: MemberDb, code: string, mode: 'circle' | 'slate'): Promise<void> {
  const pages = await db.listPages.where('[kind+owner]').equals([FEED_KIND, code]).toArray();
  const mine = pages.filter((p) => String((p as { params?: unknown }).params ?? '').startsWith(`${mode}|`));
  await db.listPages.bulkDelete(mine.map((p) => p.key));
}

/** How a suite's details pull differs between a circle and a slate; the rest is one. */
type DetailsPull<T> = {
  mode: 'circle' | 'slate';
  code: string;
  key: string;
  path: string;
  schema: ZodType<T>;
  /** Drops the kept row on a 404. */
  forget: (db: MemberDb) => Promise<unknown>;
  keep: (db: MemberDb, details: T) => Promise<unknown>;
};

async function pullDetails<T>(ctx: SyncContext, member: Member, pull: DetailsPull<T>): Promise<PullResult> {
  const { db } = member;
  const result = await authed(ctx, member, pull.path);
  if (result.kind !== 'ok') {
    if (result.status === 404) {
      await writeMirror(db, [], async () => {
        await pull.forget(db);
        await dropFeeds(db, pull.code, pull.mode);
      });
    }
    return pullFailed(db, pull.key, result);
  }
  const parsed = pull.schema.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, pull.key, result.status);
  await writeMirror(db, [], async () => {
    await pull.keep(db, parsed.data);
  });
  return pulled(db, pull.key, result.status);
}

export const pullCircle = (ctx: SyncContext, member: Member, groupCode: string): Promise<PullResult> =>
  pullDetails(ctx, member, {
    mode: 'circle',
    code: groupCode,
    key: circleKey(groupCode),
    path: CIRCLE_PATHS.circle(groupCode),
    schema: circleDetails,
    forget: (db) => db.circles.delete(groupCode),
    keep: (db, details) => db.circles.put({ ...details, detailedAt: Date.now() }),
  });

export const pullSlate = (ctx: SyncContext, member: Member, pageCode: string): Promise<PullResult> =>
  pullDetails(ctx, member, {
    mode: 'slate',
    code: pageCode,
    key: slateKey(pageCode),
    path: SLATE_PATHS.slate(pageCode),
    schema: slateDetails,
    forget: (db) => db.slates.delete(pageCode),
    keep: (db, details) => db.slates.put({ ...details, detailedAt: Date.now() }),
  });

type ListAnswer = { groupProfiles?: unknown; pageProfiles?: unknown; totalRecords?: number };

/** A list's rows: `data` itself (like the billionetts lists) or its groupProfiles/pageProfiles (spec/calls.md). */
function rowsOf(data: unknown, field: 'groupProfiles' | 'pageProfiles'): unknown {
  if (Array.isArray(data)) return data;
  return (data as ListAnswer | undefined)?.[field] ?? [];
}

/** How a share-target list pull differs between my circles and my slates. */
type TargetsPull<T> = {
  kind: string;
  path: string;
  field: 'groupProfiles' | 'pageProfiles';
  schema: ZodType<T>;
  codeOf: (card: T) => string;
  merge: (db: MemberDb, cards: T[]) => Promise<unknown>;
};

async function pullTargets<T>(ctx: SyncContext, member: Member, pull: TargetsPull<T>): Promise<PullResult> {
  const { db, session } = member;
  const key = pageKey(pull.kind, session.id, '', 1);
  const result = await authed(ctx, member, pull.path, { query: { pageNo: 1, pageSize: PICKER_PAGE_SIZE } });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = pull.schema.array().safeParse(rowsOf(result.body.data, pull.field));
  if (!parsed.success) return badAnswer(db, key, result.status);
  const cards = parsed.data;
  await writeMirror(db, [], async () => {
    await pull.merge(db, cards);
    await putPage(db, {
      kind: pull.kind,
      owner: session.id,
      params: '',
      pageNo: 1,
      codes: cards.map(pull.codeOf),
      totalRecords: result.body.totalRecords ?? cards.length,
      accessCode: result.body.accessCode ?? ACCESS_OK,
    });
  });
  return pulled(db, key, result.status);
}

export const pullMyCircles = (ctx: SyncContext, member: Member): Promise<PullResult> =>
  pullTargets(ctx, member, {
    kind: MY_CIRCLES_KIND,
    path: CIRCLE_PATHS.active,
    field: 'groupProfiles',
    schema: circleCard,
    codeOf: (c) => c.groupCode,
    merge: mergeCircles,
  });

export const pullMySlates = (ctx: SyncContext, member: Member): Promise<PullResult> =>
  pullTargets(ctx, member, {
    kind: MY_SLATES_KIND,
    path: SLATE_PATHS.own,
    field: 'pageProfiles',
    schema: slateCard,
    codeOf: (c) => c.pageCode,
    merge: mergeSlates,
  });
