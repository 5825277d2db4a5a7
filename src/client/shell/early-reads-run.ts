/**
 * The early reads themselves (early-start.ts): the live queries' own queriers, run once
 * before React mounts, their results kept for the first render (store/early-reads.ts).
 */
import { readFeed } from '../entries/queries';
import { feedKey, putEarly, shellKey } from '../store/early-reads';
import type { FeedSpec } from '../store/feed-pages';
import { readShell } from './queries';

/** Home's feed as routes/_main/index.tsx asks for it (no shortcut filter chosen). */
const HOME_FEED: FeedSpec = { mode: 'all' };

export async function readEarly(me: string, home: boolean): Promise<void> {
  await Promise.all([
    readShell(me).then((data) => putEarly(shellKey(me), data)),
    home ? readFeed(me, HOME_FEED).then((view) => putEarly(feedKey(me, HOME_FEED), view)) : undefined,
  ]);
}
