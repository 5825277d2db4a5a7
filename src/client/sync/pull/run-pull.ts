/** pull(request): one module per kind (pull/<kind>.ts); this only dispatches. */
import { ORIGIN_LISTS, ORIGIN_PEOPLE } from '../../store/origin-lists';
import type { PullRequest, PullResult } from '../api';
import type { Member, SyncContext } from '../context';
import { pullPersonal } from './personal';
import { pullProfile } from './profile';
import { pullShell } from './shell';
import { pullNotifySettings, pullPrivacySettings } from './settings';
import { pullEducations, pullWorks } from './vault';
import { pullFriendsReport } from './friends-report';
import { pullCardList } from './friends';
import { pullOwnFriendLists } from './own-friend-lists';
import { pullReferences } from './references';
import { pullChatFriends, pullChatHistory, pullChatMessages } from './telex';
import { pullEntry, pullFeed } from './feed';
import { pullComments } from './comments';
import { pullCircle, pullMyCircles, pullMySlates, pullSlate } from './circles';
import { pullBarterPage } from './barter';
import { pullBulletins } from './bulletins';
import { pullNews } from './news';
import { pullDataExport, pullDeletion, pullPasskeys, pullSecondFactor, pullSessions } from './sessions';
import { pullOriginList, pullOriginPeople, pullOriginSearch, pullOriginWhole } from './origin-lists';

export function runPull(ctx: SyncContext, member: Member, request: PullRequest): Promise<PullResult> {
  switch (request.kind) {
    case 'shell':
      return pullShell(ctx, member);
    case 'profile':
      return pullProfile(ctx, member, request.userCode);
    case 'personal':
      return pullPersonal(ctx, member, request.userCode);
    case 'works':
      return pullWorks(ctx, member, request.userCode);
    case 'educations':
      return pullEducations(ctx, member, request.userCode);
    case 'privacySettings':
      return pullPrivacySettings(ctx, member);
    case 'notifySettings':
      return pullNotifySettings(ctx, member);
    case 'friendsReport':
      return pullFriendsReport(ctx, member, request.userCode);
    case 'friends':
    case 'friendRequests':
    case 'requestFriends':
    case 'friendSuggestions':
    case 'friendSearch':
    case 'memberSearch':
      return pullCardList(ctx, member, request);
    case 'references':
      return pullReferences(ctx, member, request.pageNo);
    case 'ownFriendLists':
      return pullOwnFriendLists(ctx, member);
    case 'chatFriends':
      return pullChatFriends(ctx, member);
    case 'chatHistory':
      return pullChatHistory(ctx, member, request.openPeer);
    case 'chatMessages':
      return pullChatMessages(ctx, member, request.peer, request.pageNo);
    case 'feed':
      return pullFeed(ctx, member, request);
    case 'entry':
      return pullEntry(ctx, member, request.postCode);
    case 'bulletins':
      return pullBulletins(ctx, member, request.pageNo);
    case 'news':
      return pullNews(ctx, member);
    case 'sessions':
      return pullSessions(ctx, member);
    case 'secondFactor':
      return pullSecondFactor(ctx, member);
    case 'passkeys':
      return pullPasskeys(ctx, member);
    case 'deletion':
      return pullDeletion(ctx, member);
    case 'dataExport':
      return pullDataExport(ctx, member);
    case 'comments':
    case 'replies':
      return pullComments(ctx, member, request);
    case 'circle':
      return pullCircle(ctx, member, request.groupCode);
    case 'slate':
      return pullSlate(ctx, member, request.pageCode);
    case 'myCircles':
      return pullMyCircles(ctx, member);
    case 'mySlates':
      return pullMySlates(ctx, member);
    case 'originList':
      return pullOriginList(ctx, member, request);
    case 'barterPage':
    case 'barterSearch':
      return pullBarterPage(ctx, member, request);
    case 'originSearch':
      return pullOriginSearch(ctx, member, request);
    case 'originPeople':
      return pullOriginPeople(ctx, member, request);
    case 'originPrivacy':
    case 'originReport':
      return pullOriginWhole(ctx, member, request);
  }
}

/**
 * The pulls that bring back the server's rows of an outbox target (see each kind's
 * `target` in contract/mutations.ts): Discard re-reads them to undo the optimistic change.
 */
export function pullsForTarget(target: string): PullRequest[] {
  const [area, code] = target.split(':');
  if (area === 'profile' && code) return [{ kind: 'profile', userCode: code }, { kind: 'personal', userCode: code }];
  if (area === 'vault' && code) return [{ kind: 'works', userCode: code }, { kind: 'educations', userCode: code }];
  if (area === 'settings' && code) return [{ kind: 'privacySettings' }, { kind: 'notifySettings' }];
  if (area === 'bulletins' && code) return [{ kind: 'bulletins', pageNo: 1 }];
  if (area === 'friends' && code) return [{ kind: 'ownFriendLists' }];
  // A discarded telex is removed by its discard applier; the newest page redraws the rest.
  if (area === 'telex' && code) return [{ kind: 'chatMessages', peer: code, pageNo: 1 }];
  // An entry's writes: the entry itself and its first comment page redraw what the server has.
  if (area === 'entry' && code) return [{ kind: 'entry', postCode: code }, { kind: 'comments', postCode: code, pageNo: 1 }];
  // A member's circle or slate writes: their lists' first pages; an owner's: the people lists.
  if ((area === 'circles' || area === 'slates') && code) {
    const origin = area === 'circles' ? 'circle' : 'slate';
    return ORIGIN_LISTS[origin].map((list) => ({ kind: 'originList', origin, list, userCode: code, pageNo: 1 }) as const);
  }
  if ((area === 'circle' || area === 'slate') && code) {
    return [{ kind: area, ...(area === 'circle' ? { groupCode: code } : { pageCode: code }) } as PullRequest, ...ORIGIN_PEOPLE[area].map((list) => ({ kind: 'originPeople', origin: area, code, list, pageNo: 1 }) as const)];
  }
  return [];
}
