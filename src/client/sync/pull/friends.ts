/**
 * pull({ kind: 'friends' | 'friendRequests' | 'requestFriends' | 'friendSuggestions' |
 * 'friendSearch' | 'memberSearch', … }): one page (10 cards; 16 for the members found by
 * the global search) of a connection list into `people`, its
 * codes and totals into `listPages` (store/pages.ts). A visitor's read of
 * another member's billionetts may answer accessCode 106: the page is then kept with
 * that code and no cards, so the privacy picture shows offline too.
 *
 * After every write the target's unsent friend writes are redrawn (rebase), so a
 * request accepted offline stays among the billionetts however often lists refresh.
 */
import { ACCESS_OK, ACCESS_RESTRICTED } from '../../../contract/codes';
import { FRIEND_PATHS, FRIENDS_PAGE_SIZE, connectionCard } from '../../../contract/friends';
import { SEARCH_PAGE_SIZE, SEARCH_PATHS } from '../../../contract/search';
import { targets } from '../../../contract/targets';
import type { PersonRow } from '../../store/db';
import { mergePeople, searchParams, type FriendListKind } from '../../store/friend-pages';
import { pageKey, putPage } from '../../store/pages';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

/** The outbox target of the member's friend writes (contract/mutations.ts). */

export type CardListRequest =
  | { kind: 'friends'; userCode: string; pageNo: number }
  | { kind: 'friendRequests'; pageNo: number }
  | { kind: 'requestFriends'; pageNo: number }
  | { kind: 'friendSuggestions'; pageNo: number }
  | { kind: 'friendSearch'; q: string; pageNo: number }
  | { kind: 'memberSearch'; q: string; pageNo: number };

/** `field`: where the cards are in `data` when not `data` itself (search/users: searchedUsers). */
type Call = { kind: FriendListKind; owner: string; params: string; path: string; query: Record<string, string | number>; field?: string };

function callOf(me: string, request: CardListRequest): Call {
  const page = { pageNo: request.pageNo, pageSize: FRIENDS_PAGE_SIZE };
  switch (request.kind) {
    case 'friends': {
      // The own list is asked without userCode; another member's with it (the server checks privacy).
      const query = request.userCode === me ? page : { ...page, userCode: request.userCode };
      return { kind: 'friends', owner: request.userCode, params: '', path: FRIEND_PATHS.friends, query };
    }
    case 'friendRequests':
      return { kind: request.kind, owner: me, params: '', path: FRIEND_PATHS.requests, query: page };
    case 'requestFriends':
      return { kind: request.kind, owner: me, params: '', path: FRIEND_PATHS.requested, query: page };
    case 'friendSuggestions':
      return { kind: request.kind, owner: me, params: '', path: FRIEND_PATHS.suggestions, query: page };
    case 'friendSearch': {
      const q = searchParams(request.q);
      return { kind: 'friendSearch', owner: me, params: q, path: FRIEND_PATHS.search(q), query: page };
    }
    case 'memberSearch': {
      const q = searchParams(request.q);
      const query = { pageNo: request.pageNo, pageSize: SEARCH_PAGE_SIZE };
      return { kind: 'memberSearch', owner: me, params: q, path: SEARCH_PATHS.users(q), query, field: 'searchedUsers' };
    }
  }
}

export async function pullCardList(ctx: SyncContext, member: Member, request: CardListRequest): Promise<PullResult> {
  const { db, session } = member;
  const call = callOf(session.id, request);
  const key = pageKey(call.kind, call.owner, call.params, request.pageNo);
  const result = await authed(ctx, member, call.path, { query: call.query });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const accessCode = result.body.accessCode ?? ACCESS_OK;
  const hidden = accessCode === ACCESS_RESTRICTED;
  const parsed = hidden ? { success: true as const, data: [] } : connectionCard.array().safeParse((call.field ? (result.body.data as Record<string, unknown> | undefined)?.[call.field] : result.body.data) ?? []);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const cards: PersonRow[] = parsed.data;
  await writeMirror(db, [targets.friends(session.id)], async () => {
    await mergePeople(db, cards);
    await putPage(db, {
      kind: call.kind,
      owner: call.owner,
      params: call.params,
      pageNo: request.pageNo,
      codes: cards.map((c) => c.userCode),
      totalRecords: hidden ? 0 : (result.body.totalRecords ?? cards.length),
      accessCode,
    });
  });
  return pulled(db, key, result.status, accessCode);
}
