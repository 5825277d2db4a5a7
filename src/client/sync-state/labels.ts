/** Human names of the queued write kinds, for the sync popover and the checkout warning. */
import type { MutationKind } from '../../contract/mutations';

const LABELS: Partial<Record<MutationKind, string>> = {
  'about.update': 'About text',
  'personal.update': 'Personal details',
};

export const writeLabel = (kind: MutationKind): string => LABELS[kind] ?? kind;
