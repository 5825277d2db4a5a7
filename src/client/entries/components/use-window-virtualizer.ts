/**
 * TanStack Virtual's window virtualizer (virtual-core's Virtualizer with its window
 * observers, as @tanstack/react-virtual's useWindowVirtualizer sets it up), except that
 * the re-render it asks for when the drawn range or a card's measured size changes is a
 * React transition. The adapter's re-render runs at the scroll event's priority (or in
 * flushSync), so the cards entering the range were mounted in one piece inside the scroll
 * task; as a transition React mounts them in slices between frames (BUDGETS.md: no task
 * over 50 ms while scrolling), and later range changes queue behind it instead of
 * interrupting it (transitions of one priority do not interrupt each other).
 */
import {
  observeWindowOffset,
  observeWindowRect,
  Virtualizer,
  windowScroll,
  type PartialKeys,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { startTransition, useLayoutEffect, useReducer, useState } from 'react';

export type WindowVirtualizerOptions<T extends Element> = Omit<
  PartialKeys<VirtualizerOptions<Window, T>, 'getScrollElement' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn'>,
  'onChange'
>;

export function useWindowVirtualizer<T extends Element>(options: WindowVirtualizerOptions<T>): Virtualizer<Window, T> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const resolved: VirtualizerOptions<Window, T> = {
    getScrollElement: () => (typeof document === 'undefined' ? null : window),
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    initialOffset: () => (typeof document === 'undefined' ? 0 : window.scrollY),
    ...options,
    onChange: () => startTransition(rerender),
  };
  const [instance] = useState(() => new Virtualizer<Window, T>(resolved));
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}
