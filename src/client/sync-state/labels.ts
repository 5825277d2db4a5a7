/** Human names of the queued write kinds, for the sync popover and the checkout warning. */
import type { MutationKind } from '../../contract/mutations';

const LABELS: Partial<Record<MutationKind, string>> = {
  'about.update': 'About text',
  'personal.update': 'Personal details',
  'friendRequest.accept': 'Accept billionett request',
  'friendRequest.reject': 'Reject billionett request',
  'friendSuggestion.request': 'Billionett request',
  'friendSuggestion.dismiss': 'Later (suggestion)',
  'sentRequest.remove': 'Remove sent request',
  'friend.unfriend': 'Unfriend',
  'telex.send': 'Telex message',
};

export const writeLabel = (kind: MutationKind): string => LABELS[kind] ?? kind;
