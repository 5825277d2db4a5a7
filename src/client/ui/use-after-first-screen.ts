/**
 * Parts of a screen that need not be in its first commit: drawn with the rest, they
 * lengthened the opening's one long task on a slow phone (BUDGETS.md: home's blocking time,
 * Lighthouse's total blocking time).
 *
 * `useAfterFirstScreen`: false on a component's first render, true once the browser is idle
 * after it (at most TIMEOUT_MS later), set in a transition: for things below the fold.
 *
 * `useAppOpened`: the same moment, once for the page: false until the browser is idle after
 * the app's first screen, then true for every component, mounted then or later (a card
 * scrolled to draws its menus at once).
 */
import { startTransition, useEffect, useState } from 'react';

const TIMEOUT_MS = 500;

/** Runs `run` once the browser is idle, at most `timeout` ms from now; answers its cancel. */
export function whenIdle(run: () => void, timeout = TIMEOUT_MS): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(() => run(), { timeout });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setAfter(true))), []);
  return after;
}

let opened = false;
const waiting = new Set<() => void>();
let cancelWait: (() => void) | undefined;
let firstAsked: number | undefined;
/** Longest the moment can be moved by parts still mounting (a feed's cards, one a frame). */
const CAP_MS = 2000;

function open() {
  opened = true;
  cancelWait = undefined;
  for (const show of waiting) show();
  waiting.clear();
}

/**
 * Each part that mounts while the app opens moves the moment past its own commit (the
 * header commits before the feed's cards, which wait for their rows), for at most CAP_MS.
 */
function openWhenIdle() {
  cancelWait?.();
  firstAsked ??= performance.now();
  if (performance.now() - firstAsked > CAP_MS) return open();
  cancelWait = whenIdle(open);
}

export function useAppOpened(): boolean {
  const [now, setNow] = useState(opened);
  useEffect(() => {
    if (now) return;
    const show = () => startTransition(() => setNow(true));
    if (opened) return show();
    waiting.add(show);
    openWhenIdle();
    return () => void waiting.delete(show);
  }, [now]);
  return now;
}
