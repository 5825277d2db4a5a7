/**
 * What the call buttons read from Dexie (DESIGN.md): whether the peer is a billionett (a row
 * of telex's friends) and whether their privacy answer lets me call them ('calls' in their
 * personal details' userPrivacyResponse: 106 means no). Unknown (not pulled, or hidden)
 * reads as allowed: the server still checks every ring.
 */
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import { memberDb } from '../../store/db';
import { useLiveQuery } from '../../store/live-query';

export type CallAccess = { billionett: boolean; callsOff: boolean };

export function useCallAccess(me: string, peer: string): CallAccess | undefined {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    const [friend, personal] = await Promise.all([db.chatFriends.get(peer), db.personal.get(peer)]);
    const calls = personal?.userPrivacyResponse.find((r) => r.featureName === 'calls');
    return { billionett: Boolean(friend), callsOff: calls?.privacyResponseCode === ACCESS_RESTRICTED };
  }, [me, peer]);
}
