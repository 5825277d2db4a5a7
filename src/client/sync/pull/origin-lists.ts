/**
 * The circles-and-slates lists (store/origin-lists.ts):
 * - pull({ kind: 'originList', origin, list, userCode, pageNo }): one page (4) of a
 *   member's circles or slates; another member's (own / following) is asked with
 *   friendCode and may answer accessCode 106, kept as such so the privacy picture shows
 *   offline too;
 * - pull({ kind: 'originPeople', origin, code, list, pageNo }): one page of a circle's
 *   members, asks, invited members or invite list (6), or a slate's followers or asks;
 * - pull({ kind: 'originPrivacy' | 'originReport', origin, code }): the owner's settings
 *   and chart, kept whole in `reports`;
 * - pull({ kind: 'originSearch', origin, q, pageNo }): one page (16) of circles or slates
 *   whose name matches q, kept per text so a search made before opens offline.
 * Unsent writes of the lists' targets are redrawn after each write (writeMirror).
 */
import type { ZodType } from 'zod';
import {
  circleMember,
  INVITE_PAGE_SIZE,
  invitee,
  MEMBERS_PAGE_SIZE,
  originPrivacySettings,
  originReport,
  originRequest,
  slateFollower,
} from '../../../contract/circle-admin';
import { CIRCLE_LIST_PAGE_SIZE, CIRCLE_PATHS, SLATE_PATHS, circleCard, slateCard } from '../../../contract/circles';
import { ACCESS_OK, ACCESS_RESTRICTED } from '../../../contract/codes';
import { SEARCH_PAGE_SIZE, SEARCH_PATHS } from '../../../contract/search';
import { targets } from '../../../contract/targets';
import { mergeCircles, mergeSlates } from '../../store/circle-pages';
import type { MemberDb, PersonRow } from '../../store/db';
import { mergePeople } from '../../store/friend-pages';
import {
  originListKind,
  originPeopleKind,
  originPrivacyKey,
  originReportKey,
  originSearchKind,
  personOfFollower,
  personOfMember,
  personOfRequest,
  type OriginKind,
  type OriginListName,
  type OriginListRequest,
  type OriginPeopleName,
  type OriginPeopleRequest,
  type OriginSearchRequest,
  type OriginWholeRequest,
} from '../../store/origin-lists';
import { pageKey, putPage } from '../../store/pages';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';


const LIST_PATHS: Record<OriginKind, Partial<Record<OriginListName, string>>> = {
  circle: {
    own: CIRCLE_PATHS.own,
    following: CIRCLE_PATHS.following,
    requested: CIRCLE_PATHS.requested,
    suggestions: CIRCLE_PATHS.suggestions,
    invitations: CIRCLE_PATHS.invitations,
  },
  slate: { own: SLATE_PATHS.own, following: SLATE_PATHS.following, requested: SLATE_PATHS.requested, suggestions: SLATE_PATHS.suggestions },
};

/** Rows of a list answer: `data` itself, or the spec's groupProfiles / pageProfiles. */
function rowsOf(data: unknown, field: string): unknown {
  if (Array.isArray(data)) return data;
  return (data as Record<string, unknown> | undefined)?.[field] ?? [];
}

/** Writes one answered page: cards merged, codes and totals kept (106: kept empty). */
async function keepPage<T>(
  member: Member,
  page: { kind: string; owner: string; params?: string; pageNo: number; target: string },
  body: { data?: unknown; totalRecords?: number; accessCode?: number },
  read: { field: string; schema: ZodType<T>; codeOf: (row: T) => string; merge: (db: MemberDb, rows: T[]) => Promise<unknown> },
  status: number,
): Promise<PullResult> {
  const { db } = member;
  const params = page.params ?? '';
  const key = pageKey(page.kind, page.owner, params, page.pageNo);
  const accessCode = body.accessCode ?? ACCESS_OK;
  const hidden = accessCode === ACCESS_RESTRICTED;
  const parsed = hidden ? { success: true as const, data: [] as T[] } : read.schema.array().safeParse(rowsOf(body.data, read.field));
  if (!parsed.success) return badAnswer(db, key, status);
  const rows = parsed.data;
  await writeMirror(db, [page.target], async () => {
    await read.merge(db, rows);
    await putPage(db, {
      kind: page.kind,
      owner: page.owner,
      params,
      pageNo: page.pageNo,
      codes: rows.map(read.codeOf),
      totalRecords: hidden ? 0 : (body.totalRecords ?? rows.length),
      accessCode,
    });
  });
  return pulled(db, key, status, accessCode);
}

export async function pullOriginList(ctx: SyncContext, member: Member, request: OriginListRequest): Promise<PullResult> {
  const me = member.session.id;
  const { origin, list, userCode, pageNo } = request;
  const path = LIST_PATHS[origin][list];
  const kind = originListKind(origin, list);
  if (!path) return { ok: false, status: 400, message: `No ${list} list for slates.` };
  const query = { pageNo, pageSize: CIRCLE_LIST_PAGE_SIZE, ...(userCode !== me ? { friendCode: userCode } : {}) };
  const result = await authed(ctx, member, path, { query });
  const page = { kind, owner: userCode, pageNo, target: origin === 'circle' ? targets.circles(me) : targets.slates(me) };
  if (result.kind !== 'ok') return pullFailed(member.db, pageKey(kind, userCode, '', pageNo), result);
  return origin === 'circle'
    ? keepPage(member, page, result.body, { field: 'groupProfiles', schema: circleCard, codeOf: (c) => c.groupCode, merge: mergeCircles }, result.status)
    : keepPage(member, page, result.body, { field: 'pageProfiles', schema: slateCard, codeOf: (c) => c.pageCode, merge: mergeSlates }, result.status);
}

/** One page (16) of circles or slates matching `q`, the searcher's own mirror of it. */
export async function pullOriginSearch(ctx: SyncContext, member: Member, request: OriginSearchRequest): Promise<PullResult> {
  const me = member.session.id;
  const { origin, q, pageNo } = request;
  const kind = originSearchKind(origin);
  const path = origin === 'circle' ? SEARCH_PATHS.groups : SEARCH_PATHS.pages;
  const result = await authed(ctx, member, path, { query: { keyword: q, pageNo, pageSize: SEARCH_PAGE_SIZE } });
  if (result.kind !== 'ok') return pullFailed(member.db, pageKey(kind, me, q, pageNo), result);
  const page = { kind, owner: me, params: q, pageNo, target: origin === 'circle' ? targets.circles(me) : targets.slates(me) };
  return origin === 'circle'
    ? keepPage(member, page, result.body, { field: 'searchedGroups', schema: circleCard, codeOf: (c) => c.groupCode, merge: mergeCircles }, result.status)
    : keepPage(member, page, result.body, { field: 'searchedPages', schema: slateCard, codeOf: (c) => c.pageCode, merge: mergeSlates }, result.status);
}

type PeopleRead = { path: (code: string) => string; field: string; schema: ZodType<unknown>; toPerson: (row: never) => PersonRow; pageSize: number };

const PEOPLE: Record<OriginKind, Partial<Record<OriginPeopleName, PeopleRead>>> = {
  circle: {
    members: { path: CIRCLE_PATHS.members, field: 'groupMembers', schema: circleMember, toPerson: personOfMember, pageSize: MEMBERS_PAGE_SIZE },
    requests: { path: CIRCLE_PATHS.memberRequests, field: 'groupMemberRequests', schema: originRequest, toPerson: personOfRequest, pageSize: MEMBERS_PAGE_SIZE },
    invited: { path: CIRCLE_PATHS.invited, field: 'groupInviteFriends', schema: invitee, toPerson: personOfRequest, pageSize: MEMBERS_PAGE_SIZE },
    inviteFriends: { path: CIRCLE_PATHS.inviteFriends, field: 'groupInviteFriends', schema: invitee, toPerson: personOfRequest, pageSize: INVITE_PAGE_SIZE },
  },
  slate: {
    members: { path: SLATE_PATHS.followers, field: 'pageMembers', schema: slateFollower, toPerson: personOfFollower, pageSize: MEMBERS_PAGE_SIZE },
    requests: { path: SLATE_PATHS.followerRequests, field: 'slateMemberRequests', schema: originRequest, toPerson: personOfRequest, pageSize: MEMBERS_PAGE_SIZE },
  },
};

export async function pullOriginPeople(ctx: SyncContext, member: Member, request: OriginPeopleRequest): Promise<PullResult> {
  const { origin, code, list, pageNo } = request;
  const read = PEOPLE[origin][list];
  if (!read) return { ok: false, status: 400, message: `No ${list} list for slates.` };
  const kind = originPeopleKind(origin, list);
  const result = await authed(ctx, member, read.path(code), { query: { pageNo, pageSize: read.pageSize } });
  if (result.kind !== 'ok') return pullFailed(member.db, pageKey(kind, code, '', pageNo), result);
  const target = origin === 'circle' ? targets.circle(code) : targets.slate(code);
  return keepPage(
    member,
    { kind, owner: code, pageNo, target },
    result.body,
    {
      field: read.field,
      schema: read.schema.transform((row) => read.toPerson(row as never)),
      codeOf: (p: PersonRow) => p.userCode,
      merge: mergePeople,
    },
    result.status,
  );
}

export async function pullOriginWhole(ctx: SyncContext, member: Member, request: OriginWholeRequest): Promise<PullResult> {
  const { db } = member;
  const { origin, code } = request;
  const privacy = request.kind === 'originPrivacy';
  const key = privacy ? originPrivacyKey(origin, code) : originReportKey(origin, code);
  const paths = origin === 'circle' ? CIRCLE_PATHS : SLATE_PATHS;
  const result = await authed(ctx, member, privacy ? paths.privacy(code) : paths.report(code));
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = privacy ? originPrivacySettings.safeParse(result.body.data) : originReport.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const rows = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  await writeMirror(db, [], async () => {
    await db.reports.put({ key, rows, totalRecords: rows.length, accessCode: ACCESS_OK, syncedAt: Date.now() });
  });
  return pulled(db, key, result.status);
}
