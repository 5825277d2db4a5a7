/**
 * Another member's /billionett/{userCode}/circles and /slates (spec §2.10): two paged
 * panels — the circles (slates) they own, and those they follow — read-only, each card
 * linking to its suite when active. The server lists only what the viewer may read, and
 * answers 106 when the member's 'circles' ('slates') privacy hides them: the privacy
 * picture then, 'No data' / 'No Slates found.' when a readable list is empty.
 */
import { Stack } from '@mantine/core';
import type { OriginKind } from '../../store/origin-lists';
import { OriginCard } from './origin-card';
import { OriginListPanel } from './origin-list-panel';

const WORDS = {
  circle: { own: 'Circles', following: 'Following Circles', empty: 'No data' },
  slate: { own: 'Slates', following: 'Following Slates', empty: 'No Slates found.' },
} as const;

export function MemberOriginsScreen({ me, userCode, kind, gender }: { me: string; userCode: string; kind: OriginKind; gender?: string }) {
  const words = WORDS[kind];
  const shared = { me, origin: kind, owner: userCode, reloadKey: 0, empty: words.empty, ownerGender: gender };
  const render = (view: Parameters<typeof OriginCard>[0]['view']) => <OriginCard key={view.code} view={view} />;
  return (
    <Stack gap="md">
      <OriginListPanel {...shared} list="own" title={words.own} renderCard={render} />
      <OriginListPanel {...shared} list="following" title={words.following} renderCard={render} />
    </Stack>
  );
}
