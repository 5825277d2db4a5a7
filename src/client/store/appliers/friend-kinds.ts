/**
 * The billionett write kinds (friends.ts applies them): the billionett lists read their
 * queued states by these, without loading the appliers and the answers' schemas.
 */
import type { MutationKind } from '../../../contract/mutations';

export const FRIEND_WRITE_KINDS = [
  'friendRequest.accept',
  'friendRequest.reject',
  'friendSuggestion.request',
  'friendSuggestion.dismiss',
  'sentRequest.remove',
  'friend.unfriend',
] as const satisfies readonly MutationKind[];
export type FriendWriteKind = (typeof FRIEND_WRITE_KINDS)[number];
