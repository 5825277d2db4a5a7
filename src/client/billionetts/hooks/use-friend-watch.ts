/**
 * Follows the member's queued friend writes (spec §4: "the list reloads after success";
 * spec/calls.md §8: "Friend request failures: server message shown as error toast"): the
 * panels pull again when a write leaves the outbox, a refusal shows as a toast once
 * (ui/use-write-watch.ts), and each card knows where its latest write stands.
 */
import { targets } from '../../../contract/targets';
import { useWriteWatch } from '../../ui/use-write-watch';
import { useFriendWrites, writeStates, type FriendWriteState } from '../queries';

export function useFriendWatch(me: string): { reloadKey: number; states: Map<string, FriendWriteState> } {
  const reloadKey = useWriteWatch(me, targets.friends(me));
  return { reloadKey, states: writeStates(useFriendWrites(me)) };
}
