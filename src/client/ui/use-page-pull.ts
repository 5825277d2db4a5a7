/**
 * Asks the worker for the page a panel shows, whenever the page (or `reloadKey`)
 * changes; stale-while-revalidate: the cached page shows meanwhile. Tracks only
 * whether the pull runs and how it ended, so a panel can tell "loading" from
 * "offline with nothing cached".
 */
import { useEffect, useState } from 'react';
import type { PullRequest, PullResult } from '../sync/api';
import { pullPage } from '../sync/client';

export type PagePull = { pulling: boolean; result: PullResult | undefined };

export function usePagePull(request: PullRequest | null, reloadKey: number): PagePull {
  // The request as a string: a new object with the same fields must not pull again.
  const wanted = request ? `${reloadKey}|${JSON.stringify(request)}` : '';
  const [done, setDone] = useState<{ for: string; result: PullResult } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void pullPage(JSON.parse(wanted.slice(wanted.indexOf('|') + 1)) as PullRequest).then((result) => {
      if (live) setDone({ for: wanted, result });
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return { pulling: wanted !== '' && done?.for !== wanted, result: done?.result };
}
