/**
 * Every queued write kind's appliers, in one map (STYLE.md §3, like Actual Budget's typed
 * handler map that refuses duplicate names). Per kind (appliers/applier.ts): the local
 * applier draws the optimistic change; the answer applier writes the server's canonical
 * row after a 2xx, replacing the optimistic one; a discard applier undoes what no pull
 * can. Each area module writes its kinds' map; this joins them. The map is closed and checked
 * when it compiles: a kind without appliers, a name that is no kind, or a kind two areas
 * both define is a type error. Nothing registers itself: importing this module is all.
 */
import type { MutationKind } from '../../../contract/mutations';
import type { Applier, Appliers } from './applier';
import { barterAppliers } from './barter';
import { bulletinAppliers } from './bulletins';
import { circleAppliers } from './circles';
import { composerAppliers } from './composer';
import { commentAppliers, entryAppliers } from './entries';
import { friendAppliers } from './friends';
import { profileAppliers } from './profile';
import { telexAppliers } from './telex';
import { vaultAppliers } from './vault';

/**
 * Areas joined one at a time. An area that also defines a kind already joined does not
 * compile (one of the two would silently win); spreading generic maps keeps every kind's
 * own payload type, so no cast is needed.
 */
function areas<Joined extends object>(joined: Joined) {
  return {
    joined,
    and: <Area extends object>(area: Area & { [K in keyof Joined & keyof Area]: `${K & string} is defined by two areas` }) =>
      areas<Joined & Area>({ ...joined, ...area }),
  };
}

export const appliers: Appliers = areas(profileAppliers)
  .and(vaultAppliers)
  .and(friendAppliers)
  .and(telexAppliers)
  .and(composerAppliers)
  .and(entryAppliers)
  .and(commentAppliers)
  .and(circleAppliers)
  .and(barterAppliers)
  .and(bulletinAppliers).joined;

/** The appliers of one kind, typed by it; undefined only for an item another version of the app queued. */
export const applierOf = <K extends MutationKind>(kind: K): Applier<K> | undefined => appliers[kind];
