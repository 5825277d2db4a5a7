/**
 * Whether an element has come within a screen's height of the viewport, and stays so once it
 * has: for parts that need not be built before a member could see them. On a phone the home
 * page's news follows the feed, whose box is as tall as all its cards: built as the app opened,
 * the news carousel was one more long task on a slow phone (issue 32), for a part most members
 * never scroll down to. Set in a transition, so the build is rendered in slices.
 *
 * `watch`: from when to look (the moment the screen has settled: a feed still loading its
 * rows is short, and what follows it looks near). Where IntersectionObserver is missing,
 * everything counts as near.
 */
import { useIntersection } from '@mantine/hooks';
import { startTransition, useEffect, useState } from 'react';

/** A screen's height above and below the viewport: built before it scrolls into sight. */
const NEAR = '100% 0px';

export function useNearScreen<T extends HTMLElement>(watch: boolean): { ref: ((element: T | null) => void) | undefined; near: boolean } {
  const observable = typeof IntersectionObserver === 'function';
  const { ref, entry } = useIntersection<T>({ rootMargin: NEAR });
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (entry?.isIntersecting) startTransition(() => setNear(true));
  }, [entry]);
  // The observer starts when the element is handed to `ref`: not before `watch`, and not once near.
  return { ref: observable && watch && !near ? ref : undefined, near: near || (watch && !observable) };
}
