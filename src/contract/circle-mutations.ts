/**
 * The queued writes of circles and slates (issue 11 "Offline"): a member's follow, Later,
 * leave and invitation answers, and an owner's answers to asks, invitations and removals.
 * Create, update, delete, privacy and pictures are online-only calls (sync worker).
 * Each write's payload carries `userCode` (me, the actor) and the circle's or slate's code.
 */
import { z } from 'zod';
import { CIRCLE_PATHS, SLATE_PATHS } from './circles';
import { define } from './mutation-def';
import { targets } from './targets';

const onCircle = z.object({ userCode: z.string(), groupCode: z.string().min(1).max(40) });
const onSlate = z.object({ userCode: z.string(), pageCode: z.string().min(1).max(40) });
/** An owner's write about one member (`memberCode`: the asker, invitee or member). */
const aboutCircleMember = onCircle.extend({ memberCode: z.string().min(1).max(40) });
const aboutSlateFollower = onSlate.extend({ memberCode: z.string().min(1).max(40) });

const mine = (method: 'POST' | 'PUT', path: (code: string) => string) =>
  define({
    method,
    payload: onCircle,
    path: (p) => path(p.groupCode),
    body: () => undefined,
    target: (p) => targets.circles(p.userCode),
  });
const mineOnSlate = (method: 'POST' | 'PUT', path: (code: string) => string) =>
  define({
    method,
    payload: onSlate,
    path: (p) => path(p.pageCode),
    body: () => undefined,
    target: (p) => targets.slates(p.userCode),
  });
const owners = (method: 'POST' | 'PUT', path: (code: string, member: string) => string, body?: (p: z.infer<typeof aboutCircleMember>) => unknown) =>
  define({
    method,
    payload: aboutCircleMember,
    path: (p) => path(p.groupCode, p.memberCode),
    body: body ?? (() => undefined),
    target: (p) => targets.circle(p.groupCode),
  });
const admins = (method: 'POST' | 'PUT', path: (code: string, member: string) => string) =>
  define({
    method,
    payload: aboutSlateFollower,
    path: (p) => path(p.pageCode, p.memberCode),
    body: () => undefined,
    target: (p) => targets.slate(p.pageCode),
  });
/** spec/calls.md: cancel-invite carries `friendCode, groupCode` in its body. */
const inviteBody = (p: z.infer<typeof aboutCircleMember>) => ({ friendCode: p.memberCode, groupCode: p.groupCode });

export const circleMutations = {
  'circle.follow': mine('PUT', CIRCLE_PATHS.suggestionAccept),
  'circle.later': mine('PUT', CIRCLE_PATHS.suggestionReject),
  'circle.unfollow': mine('PUT', CIRCLE_PATHS.unfollow),
  'circle.inviteAccept': mine('PUT', CIRCLE_PATHS.inviteAccept),
  'circle.inviteReject': mine('POST', CIRCLE_PATHS.inviteReject),
  'circle.requestAccept': owners('POST', CIRCLE_PATHS.requestAccept),
  'circle.requestReject': owners('PUT', CIRCLE_PATHS.requestReject),
  'circle.memberRemove': owners('PUT', CIRCLE_PATHS.memberRemove),
  'circle.sendInvite': owners('POST', CIRCLE_PATHS.sendInvite, inviteBody),
  'circle.cancelInvite': owners('PUT', CIRCLE_PATHS.cancelInvite, inviteBody),
  'slate.follow': mineOnSlate('PUT', SLATE_PATHS.follow),
  'slate.later': mineOnSlate('POST', SLATE_PATHS.later),
  'slate.unfollow': mineOnSlate('PUT', SLATE_PATHS.unfollow),
  'slate.requestAccept': admins('POST', SLATE_PATHS.requestAccept),
  'slate.requestReject': admins('PUT', SLATE_PATHS.requestReject),
  'slate.followerRemove': admins('POST', SLATE_PATHS.followerRemove),
} as const;
