/**
 * The Suggestion Circles / Suggestion Slates panel (spec §2.10: Follow, Later) on its own,
 * for screens other than the circles and slates pages: a new member's empty home offers it
 * (shell/first-steps.tsx). The same list, cards and queued buttons as those pages.
 */
import type { OriginKind } from '../../store/origin-lists';
import { ActionedOriginCard, useOriginWrites, type OriginButton } from './origin-actions';
import { OriginListPanel } from './origin-list-panel';

export const SUGGESTION_PANELS: Record<OriginKind, { title: string; empty: string; buttons: OriginButton[] }> = {
  circle: {
    title: 'Suggestion Circles',
    empty: 'No Suggested Circles',
    buttons: [
      { label: 'Follow', kind: 'circle.follow', variant: 'filled' },
      { label: 'Later', kind: 'circle.later', variant: 'default' },
    ],
  },
  slate: {
    title: 'Suggestion Slates',
    empty: 'No Suggested Slates',
    buttons: [
      { label: 'Follow', kind: 'slate.follow', variant: 'filled' },
      { label: 'Later', kind: 'slate.later', variant: 'default' },
    ],
  },
};

export function OriginSuggestions({ me, kind }: { me: string; kind: OriginKind }) {
  const { online, reloadKey, states } = useOriginWrites(me, kind);
  const panel = SUGGESTION_PANELS[kind];
  return (
    <OriginListPanel
      me={me}
      origin={kind}
      list="suggestions"
      owner={me}
      title={panel.title}
      empty={panel.empty}
      reloadKey={reloadKey}
      renderCard={(view) => <ActionedOriginCard key={view.code} me={me} view={view} state={states?.get(view.code)} buttons={panel.buttons} online={online} />}
    />
  );
}
