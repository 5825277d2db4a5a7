/**
 * Live reads of a circle's or slate's suite (DESIGN.md: the UI reads only Dexie). A circle
 * and a slate show the same way, so both read into one `GroupView`: the card of a list
 * (name, caption, category, count) at once, the details (description, admin, may I post)
 * once the suite was pulled here. `error`: the last details pull failed with this status
 * (404: missing or not readable — the contract never tells which).
 */
import { useLiveQuery } from '../store/live-query';
import { circleKey, slateKey } from '../store/circle-pages';
import { memberDb, type CircleRow, type SlateRow } from '../store/db';

export type GroupKind = 'circle' | 'slate';

export type GroupView = {
  kind: GroupKind;
  code: string;
  name: string;
  caption: string;
  description: string;
  categoryName: string;
  /** imageName of its picture, or null (initials then). */
  picture: string | null;
  adminCode: string;
  adminName: string;
  /** Members (circle) or followers (slate). */
  count: number;
  statusCode: number;
  /** From the details only: who may read it (1 Everyone, 2 Billionetts, 3 Only me). */
  privacyCode: number | undefined;
  /** Where the member stands: 'owner' is the admin; 'member' / 'following'; 'none'. */
  standing: string;
  /** From the details only: false until they are on this device. */
  canPost: boolean;
  detailed: boolean;
};

export type GroupState = { view: GroupView | undefined; error: number | undefined };

export function circleView(row: CircleRow): GroupView {
  return {
    kind: 'circle',
    code: row.groupCode,
    name: row.groupName,
    caption: row.groupCaption,
    description: row.groupDescription ?? '',
    categoryName: row.groupCategoryName,
    picture: row.groupProfilePic,
    adminCode: row.groupAdminCode,
    adminName: row.groupAdminName ?? '',
    count: row.memberCount,
    statusCode: row.statusCode,
    privacyCode: row.privacyCode,
    standing: row.membership ?? 'none',
    canPost: row.canPost ?? false,
    detailed: row.detailedAt !== undefined,
  };
}

export function slateView(row: SlateRow): GroupView {
  return {
    kind: 'slate',
    code: row.pageCode,
    name: row.pageName,
    caption: row.pageCaption,
    description: row.pageDescription ?? '',
    categoryName: row.pageCategoryName,
    picture: row.pageProfilePic,
    adminCode: row.pageAdminCode,
    adminName: row.pageAdminName ?? '',
    count: row.followerCount,
    statusCode: row.statusCode,
    privacyCode: row.privacyCode,
    standing: row.followingStatus ?? 'none',
    canPost: row.canPost ?? false,
    detailed: row.detailedAt !== undefined,
  };
}

export function useGroup(me: string, kind: GroupKind, code: string): GroupState | undefined {
  return useLiveQuery(async (): Promise<GroupState> => {
    const db = memberDb(me);
    if (kind === 'circle') {
      const [row, cursor] = await Promise.all([db.circles.get(code), db.cursors.get(circleKey(code))]);
      return { view: row ? circleView(row) : undefined, error: cursor?.error?.status };
    }
    const [row, cursor] = await Promise.all([db.slates.get(code), db.cursors.get(slateKey(code))]);
    return { view: row ? slateView(row) : undefined, error: cursor?.error?.status };
  }, [me, kind, code]);
}

/**
 * Where the member may post on this circle or slate (the composer's target), or null:
 * only when the details say so (details.canPost — a circle's members, a slate's admin).
 */
export function postTarget(kind: GroupKind, code: string, view: GroupView | undefined): { kind: GroupKind; code: string; name: string } | null {
  return view?.canPost ? { kind, code, name: view.name } : null;
}
