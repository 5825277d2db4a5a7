/** A bulletin's kinds and sentence (bulletins.ts), apart from its schemas: the header's list draws it. */
import type { NotifyFeature } from './settings';

/**
 * What a bulletin is filed under: a bulletin setting (spec), or 'account' — notices about
 * the member's own account (a new sign-in) that no setting turns off.
 */
export type BulletinFeature = NotifyFeature | 'account';

/**
 * The event behind a bulletin. Several kinds share one setting (`feature`): a join request
 * reaches the circle's owner under 'circleRequest'; its acceptance reaches the requester
 * under 'circleInvite' (the member's answers from circles).
 */
export const BULLETIN_KINDS = {
  friendRequest: 'friendRequest',
  friendAccept: 'friendAccept',
  entryComment: 'entryComment',
  commentReply: 'entryComment',
  entryRating: 'entryRating',
  entryShare: 'entryShare',
  entryTag: 'entryTag',
  circleInvite: 'circleInvite',
  circleJoinRequest: 'circleRequest',
  circleJoinAccept: 'circleInvite',
  slateFollow: 'slateFollow',
  slateFollowAsk: 'slateFollow',
  telex: 'telex',
  /** A call rang out unanswered or was cancelled while ringing (contract/calls.ts). */
  missedCall: 'telex',
  newSignIn: 'account',
  /** 'Download your data': the zip the member asked for is ready (contract/data-export.ts). */
  dataExportReady: 'account',
} as const satisfies Record<string, BulletinFeature>;
export type BulletinKind = keyof typeof BULLETIN_KINDS;

/** The sentence a bulletin reads as, in the list and in the system notification. */
export function bulletinText(b: { kind: BulletinKind; repeats: number; subjectName: string | null; actorName: string }): string {
  const who = b.actorName;
  const what = b.subjectName ?? '';
  switch (b.kind) {
    case 'friendRequest':
      return `${who} sent you a billionett request.`;
    case 'friendAccept':
      return `${who} accepted your billionett request.`;
    case 'entryComment':
      return `${who} commented on your entry.`;
    case 'commentReply':
      return `${who} replied to your comment.`;
    case 'entryRating':
      return `${who} rated your entry.`;
    case 'entryShare':
      return `${who} shared your entry.`;
    case 'entryTag':
      return `${who} tagged you in an entry.`;
    case 'circleInvite':
      return `${who} invited you to the circle ${what}.`;
    case 'circleJoinRequest':
      return `${who} asked to join your circle ${what}.`;
    case 'circleJoinAccept':
      return `${who} accepted you into the circle ${what}.`;
    case 'slateFollow':
      return `${who} followed your slate ${what}.`;
    case 'slateFollowAsk':
      return `${who} asked to follow your slate ${what}.`;
    case 'telex':
      return b.repeats > 1 ? `${who} sent you ${b.repeats} telex messages.` : `${who} sent you a telex message.`;
    case 'missedCall':
      return `Missed call from ${who}.`;
    case 'newSignIn':
      // subjectName: the device. The actor is the member: not named.
      return `New sign-in to Billionett on ${what}.`;
    case 'dataExportReady':
      return 'Your data is ready to download.';
  }
}
