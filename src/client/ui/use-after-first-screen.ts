/**
 * False on the first render, true once the browser is idle after it (at most TIMEOUT_MS
 * later), set in a transition: for parts of a screen that need not be in its first commit
 * — drawn with the rest, they lengthened the opening's one long task on a slow phone
 * (BUDGETS.md, Lighthouse's total blocking time) for things below the fold.
 */
import { startTransition, useEffect, useState } from 'react';

const TIMEOUT_MS = 500;

export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setAfter(true));
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(show, { timeout: TIMEOUT_MS });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(show, 0);
    return () => clearTimeout(timer);
  }, []);
  return after;
}
