/**
 * TanStack Virtual's window virtualizer (virtual-core's Virtualizer with its window
 * observers, as @tanstack/react-virtual's useWindowVirtualizer sets it up), except that
 * the re-render it asks for when the drawn range or a card's measured size changes is a
 * React transition. The adapter's re-render runs at the scroll event's priority (or in
 * flushSync), so the cards entering the range were mounted in one piece inside the scroll
 * task; as a transition React mounts them in slices between frames (BUDGETS.md: no task
 * over 50 ms while scrolling), and later range changes queue behind it instead of
 * interrupting it (transitions of one priority do not interrupt each other).
 *
 * `onPlacesChange` is called first, at once, whenever the virtualizer says something changed
 * (a card's size from its ResizeObserver report, the range, the scroll): the list moves the
 * rows it has drawn there, so a frame is never painted with rows where the transition's
 * render has not yet put them.
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
> & { onPlacesChange?: (instance: Virtualizer<Window, T>) => void };

/**
 * The window's scroll, except a write to the offset the virtualizer already holds for it: on
 * mounting, it scrolls the window to where it is (the offset it read when created), and that
 * write made the browser lay out the whole page inside React's opening commit (BUDGETS.md:
 * home's blocking time). Were the window elsewhere by then (a scroll not yet reported), the
 * write would only have pulled it back.
 */
function scrollUnlessThere<T extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, T>,
) {
  if (!options.behavior && offset + (options.adjustments ?? 0) === instance.scrollOffset) return;
  windowScroll(offset, options, instance);
}

export function useWindowVirtualizer<T extends Element>({
  onPlacesChange,
  ...options
}: WindowVirtualizerOptions<T>): Virtualizer<Window, T> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const resolved: VirtualizerOptions<Window, T> = {
    getScrollElement: () => (typeof document === 'undefined' ? null : window),
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: scrollUnlessThere,
    initialOffset: () => (typeof document === 'undefined' ? 0 : window.scrollY),
    ...options,
    onChange: (instance) => {
      onPlacesChange?.(instance);
      startTransition(rerender);
    },
  };
  const [instance] = useState(() => new Virtualizer<Window, T>(resolved));
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}
