/**
 * pull({ kind: 'ownFriendLists' }): every page of the member's own connection lists
 * this device has mirrored, pulled again. Discard of a refused friend write uses it
 * (run-pull.ts pullsForTarget) to put every list back as the server has it.
 */
import { ownPages } from '../../store/friend-pages';
import { pageParams } from '../../store/pages';
import type { PullResult } from '../api';
import type { Member, SyncContext } from '../context';
import { pullCardList, type CardListRequest } from './friends';
import { pullReferences } from './references';

export async function pullOwnFriendLists(ctx: SyncContext, member: Member): Promise<PullResult> {
  const me = member.session.id;
  const pages = await ownPages(member.db, me);
  let last: PullResult = { ok: true, status: 200 };
  for (const page of pages) {
    const { pageNo } = page;
    if (page.kind === 'references') {
      last = await pullReferences(ctx, member, pageNo);
    } else {
      const request = requestOf(page.kind, me, pageParams(page), pageNo);
      if (request) last = await pullCardList(ctx, member, request);
    }
    // No network: the other pages would fail the same way.
    if (last.offline) return last;
  }
  return last;
}

function requestOf(kind: string, me: string, params: string, pageNo: number): CardListRequest | undefined {
  switch (kind) {
    case 'friends':
      return { kind, userCode: me, pageNo };
    case 'friendRequests':
    case 'requestFriends':
    case 'friendSuggestions':
      return { kind, pageNo };
    case 'friendSearch':
    case 'memberSearch':
      return { kind, q: params, pageNo };
    default:
      return undefined;
  }
}
