/**
 * Who may do what with one circle or slate (contract/circles.ts privacy model,
 * contract/circle-admin.ts features and status): the `{ origin }` access rules of
 * policy/rules.ts resolve here, once per request, so circle and slate routes never
 * write their own checks.
 * - Not readable (privacy), or paused and not the owner: 404 with the words of a missing
 *   one, so its existence does not leak.
 * - role 'owner': readable but not the caller's own: 403.
 * - `reads: feature`: readable, but that feature's privacy hides it from the caller:
 *   200 with accessCode 106 and no rows.
 */
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PRIVACY, STATUS_ACTIVE } from '../../contract/codes';
import { CIRCLE_FORM_MESSAGES, type OriginFeature } from '../../contract/circle-admin';
import { CIRCLE_MESSAGES } from '../../contract/circles';
import type { Db } from '../db/client';
import { circleRequests, circles, slateRequests, slates } from '../db/schema/circles';
import { HttpError } from '../http-error';
import { circleMemberSql, circleReadableSql, friendsSql, slateFollowerSql, slateReadableSql } from './visibility';

export type OriginKind = 'circle' | 'slate';

/** A circle or slate as the caller stands with it. */
export type Origin = {
  kind: OriginKind;
  id: number;
  code: string;
  name: string;
  adminId: number;
  privacyCode: number;
  statusCode: number;
  features: Record<OriginFeature, number>;
  owner: boolean;
  /** A member of the circle (the owner too) or a follower of the slate. */
  inside: boolean;
  /** The caller is a billionett of the owner. */
  ownersFriend: boolean;
  /** The caller's open ask ('join') or invitation ('invite'), if any. */
  pending: 'join' | 'invite' | null;
};

const pendingOf = (kind: OriginKind, id: AnyPgColumn, viewerId: number) =>
  kind === 'circle'
    ? sql<string | null>`(select ${circleRequests.kind} from ${circleRequests} where ${circleRequests.circleId} = ${id} and ${circleRequests.userId} = ${viewerId})`
    : sql<string | null>`(select 'join' from ${slateRequests} where ${slateRequests.slateId} = ${id} and ${slateRequests.userId} = ${viewerId})`;

/**
 * The circle or slate named `code` as `viewerId` may know it, or null when it is missing,
 * not readable, or paused and not theirs. An invited member may read a circle they could
 * not otherwise (they must see what they are invited to).
 */
export async function loadOrigin(db: Db, kind: OriginKind, code: string, viewerId: number): Promise<Origin | null> {
  const t = kind === 'circle' ? circles : slates;
  const codeColumn = kind === 'circle' ? circles.groupCode : slates.pageCode;
  const inside = kind === 'circle' ? circleMemberSql(t.id, viewerId) : slateFollowerSql(t.id, viewerId);
  const readable = kind === 'circle' ? circleReadableSql(circles, viewerId) : slateReadableSql(slates, viewerId);
  const [row] = await db
    .select({
      id: t.id,
      name: t.name,
      adminId: t.adminId,
      privacyCode: t.privacyCode,
      statusCode: t.statusCode,
      entries: t.entriesPrivacy,
      members: t.membersPrivacy,
      requests: t.requestsPrivacy,
      readable: sql<boolean>`${readable}`,
      inside: sql<boolean>`${inside}`,
      ownersFriend: sql<boolean>`${friendsSql(t.adminId, viewerId)}`,
      pending: pendingOf(kind, t.id, viewerId),
    })
    .from(t)
    .where(eq(codeColumn, code))
    .limit(1);
  if (!row) return null;
  const pending = (row.pending ?? null) as Origin['pending'];
  const owner = row.adminId === viewerId;
  if (!owner && row.statusCode !== STATUS_ACTIVE) return null;
  if (!row.readable && pending !== 'invite') return null;
  return {
    kind,
    id: row.id,
    code,
    name: row.name,
    adminId: row.adminId,
    privacyCode: row.privacyCode,
    statusCode: row.statusCode,
    features: { entries: row.entries, members: row.members, requests: row.requests },
    owner,
    inside: Boolean(row.inside) || owner,
    ownersFriend: Boolean(row.ownersFriend),
    pending,
  };
}

/**
 * Whether a feature's privacy lets the caller see it (entries, members): 1 whoever may
 * read the circle or slate; 2 its members (followers) and the owner's billionetts; 3 its
 * members (followers) only. The owner always sees.
 */
export function featureVisible(origin: Origin, feature: Exclude<OriginFeature, 'requests'>): boolean {
  const level = origin.features[feature];
  if (origin.owner || origin.inside || level === PRIVACY.everyone) return true;
  return level === PRIVACY.billionetts && origin.ownersFriend;
}

/**
 * What 'Follow' does for the caller (the 'requests' feature): 'join' at once (1 Everyone;
 * 2 the owner's billionetts), 'ask' the owner, or 'closed' (3: invitation only).
 * Slates have no invitations: at 3 every follower asks.
 */
export function joinWay(origin: Origin): 'join' | 'ask' | 'closed' {
  const level = origin.features.requests;
  if (level === PRIVACY.everyone) return 'join';
  if (level === PRIVACY.billionetts) return origin.ownersFriend ? 'join' : 'ask';
  return origin.kind === 'slate' ? 'ask' : 'closed';
}

export const notFound = (kind: OriginKind) => new HttpError(404, kind === 'circle' ? CIRCLE_MESSAGES.circleNotFound : CIRCLE_MESSAGES.slateNotFound);
export const ownerOnly = () => new HttpError(403, CIRCLE_FORM_MESSAGES.ownerOnly);
