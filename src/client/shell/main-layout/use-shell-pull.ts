/**
 * Asks the worker to refresh what the main layout needs (spec §2.2): on mount and
 * whenever the browser comes back online. The rows arrive through Dexie; this only
 * tracks whether the last attempt is running and how it ended, so the gate can tell
 * "still loading" from "offline with nothing cached".
 */
import { useCallback, useEffect, useState } from 'react';
import type { PullResult } from '../../sync/api';
import { sync } from '../../sync/client';

export type ShellPull = { pulling: boolean; result: PullResult | undefined; retry: () => void };

export function useShellPull(): ShellPull {
  // Starts as pulling: the mount effect begins the first pull.
  const [pulling, setPulling] = useState(true);
  const [result, setResult] = useState<PullResult | undefined>();

  const request = useCallback(() => {
    sync.pull({ kind: 'shell' }).then(
      (answer) => {
        setResult(answer);
        setPulling(false);
      },
      (error: unknown) => {
        // The worker itself failed (it could not start, or threw): say so rather than spin forever.
        setResult({ ok: false, message: error instanceof Error ? error.message : 'The sync worker failed.' });
        setPulling(false);
      },
    );
  }, []);

  const retry = useCallback(() => {
    setPulling(true);
    request();
  }, [request]);

  useEffect(() => {
    request();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [request, retry]);

  return { pulling, result, retry };
}
