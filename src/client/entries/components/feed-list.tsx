/**
 * The cards of a feed, windowed (BUDGETS.md: the main thread's longest task while
 * scrolling 1,000 cached entries ≤ 50 ms): only the cards on screen and OVERSCAN either
 * side are in the DOM (about 10–20), each absolutely placed in a box as tall as the whole
 * feed, so neither React nor layout, paint or observers ever see the other ~1,000.
 *
 * The page itself scrolls (AppShell: the window, not an inner box; the home columns and
 * the suites' filter column sit beside the feed, not around a scroller), so this is
 * TanStack Virtual's window virtualizer, with `scrollMargin` the list's distance from
 * the top of the document. Cards differ in height (text, poll, map, pictures, open
 * comments): each is measured as drawn (`measureElement`, a ResizeObserver) and the
 * measure is kept by the card's key, so a card scrolled back to takes its real height,
 * and growth above the screen moves the scroll position with it instead of the content.
 *
 * The range is re-rendered in React transitions (use-window-virtualizer.ts) and each
 * drawn card is memoized by its place: a range change mounts the cards entering it and
 * touches none of the others.
 *
 * A fling (the window scrolling faster than FAST px/s) passes cards faster than they can
 * be mounted, and mounting them (a card is ~100 Mantine components with live queries)
 * was what made the long tasks: while it lasts, cards entering the window are drawn as
 * an outline of their known size, and become cards once the scroll slows down (SETTLE_MS
 * without a fast step), one a frame. Reading-speed scrolls draw cards as they come.
 *
 * The card holding keyboard focus stays drawn while it scrolls out of the window, so
 * focus is never dropped to <body>. The list is an ARIA feed (role="feed"; each card an
 * article with aria-posinset / aria-setsize, see post-card.tsx), with the pattern's keys:
 * Page Down / Page Up move focus from anywhere in a card to the next / previous card
 * (brought into the window first when it is not drawn), and Control+End / Control+Home
 * out of the feed (feed-keys.ts), except inside a text field, where those keys belong to
 * the field. The feed asks for a card to be focused the same way
 * (`focusIndex`: the first new card after 'Load more entries'): the card is kept in the
 * drawn range and drawn as a card even during a fling, and focused once it is.
 */
import { defaultRangeExtractor, type Range, type Virtualizer } from '@tanstack/react-virtual';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { focusPastFeed } from './feed-keys';
import { useWindowVirtualizer } from './use-window-virtualizer';
import classes from './feed.module.css';

/** Height of a card never drawn (px, gap included): a text card with a picture grid. */
export const CARD_ESTIMATE = 520;
/** Cards drawn beyond each edge of the screen (ahead of a fast scroll or a flick). */
export const OVERSCAN = 4;
/** The next page is asked for when the last drawn card is this close to the end. */
const NEAR_END = 3;
/** Scroll speed (px/s) above which entering cards are outlines (a fling, not reading). */
const FAST = 4000;
/** How long after the last fast step the outlines become cards. */
const SETTLE_MS = 150;

/**
 * Outlines waiting to become cards, one a frame: ending a fling over a screen of outlines
 * at once would mount them all in one commit (one long task again). In document order.
 */
const upgrades: (() => void)[] = [];
let pumping = false;
function upgradeSoon(upgrade: () => void): () => void {
  upgrades.push(upgrade);
  if (!pumping) {
    pumping = true;
    requestAnimationFrame(pump);
  }
  return () => {
    const at = upgrades.indexOf(upgrade);
    if (at >= 0) upgrades.splice(at, 1);
  };
}
function pump() {
  const next = upgrades.shift();
  if (next) startTransition(next);
  if (upgrades.length) requestAnimationFrame(pump);
  else pumping = false;
}

/**
 * A card's height, from its ResizeObserver's report. When its ref attaches there is no report
 * yet, and reading the height then (the virtualizer's default) made the browser lay out the
 * whole page inside React's commit, the opening one included (~70 ms of its ~110 ms at 4×:
 * BUDGETS.md, home's blocking time): the height known so far stands until the report, which
 * comes after the frame's own layout and before its paint (placeRows).
 */
function cardHeight(
  element: HTMLDivElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, HTMLDivElement>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  if (entry) return element.offsetHeight;
  return instance.measurementsCache[instance.indexFromElement(element)]?.size ?? CARD_ESTIMATE;
}

/**
 * Moves the drawn rows to the places the virtualizer knows now, and the box to its height,
 * at once: called from the observer's report (before the frame is painted) and on scroll. The
 * transition that re-renders the list draws the same places; until it does, no frame shows a
 * card at an estimated place or over its neighbour.
 */
function placeRows(list: HTMLElement | null, instance: Virtualizer<Window, HTMLDivElement>) {
  if (!list) return;
  instance.getVirtualItems(); // brings its places up to date (measurementsCache)
  const places = instance.measurementsCache;
  for (const row of list.children as HTMLCollectionOf<HTMLElement>) {
    const place = places[Number(row.dataset.index)];
    const transform = place && `translateY(${place.start - instance.options.scrollMargin}px)`;
    if (transform && row.style.transform !== transform) row.style.transform = transform;
  }
  const height = `${instance.getTotalSize()}px`;
  if (list.style.height !== height) list.style.height = height;
}

/**
 * The overscan, from none on the first render up to OVERSCAN, one card more a frame: the
 * opening commit (one task: the cards' DOM, their layout, the first measures) holds only the
 * cards on the screen, and those ahead of it follow in small commits of their own.
 */
function useGrowingOverscan(): number {
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    if (overscan >= OVERSCAN) return;
    const frame = requestAnimationFrame(() => startTransition(() => setOverscan(overscan + 1)));
    return () => cancelAnimationFrame(frame);
  }, [overscan]);
  return overscan;
}

/** True while the window scrolls faster than FAST px/s, and SETTLE_MS after. */
function useFling(): boolean {
  const [fast, setFast] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let lastT = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let on = false;
    const onScroll = () => {
      const y = window.scrollY;
      const t = performance.now();
      const speed = (Math.abs(y - lastY) * 1000) / Math.max(t - lastT, 1);
      lastY = y;
      lastT = t;
      if (speed < FAST) return;
      if (!on) setFast((on = true));
      clearTimeout(timer);
      timer = setTimeout(() => {
        on = false;
        startTransition(() => setFast(false));
      }, SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return fast;
}

export type FeedListProps<T> = {
  items: readonly T[];
  /** The card's key (measured heights are kept by it); a stable function. */
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Whether more pages may follow (aria-busy while they load). */
  busy?: boolean;
  /** Called when the end is near; undefined while there is nothing (more) to ask for. */
  onNearEnd?: () => void;
  /** A card to move focus to as soon as it exists and is drawn; `onFocused` says it was. */
  focusIndex?: number;
  onFocused?: () => void;
};

export function FeedList<T>({ items, itemKey, renderItem, busy, onNearEnd, focusIndex, onFocused }: FeedListProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  // Where the list starts in the document; what is above it (composer, filters) can change.
  const [scrollMargin, setScrollMargin] = useState(0);
  // The index of the card holding focus, kept in the drawn range (rangeExtractor).
  const focused = useRef<number | null>(null);
  // New only when the items are (the virtualizer re-derives every position when it changes).
  const getItemKey = useCallback((index: number) => itemKey(items[index]!), [items, itemKey]);

  // The card to be focused next (Page Down/Up to a card not drawn, or the feed's focusIndex
  // once that card exists): drawn wherever the window is, until it has focus.
  const [keyTarget, setKeyTarget] = useState<number | null>(null);
  const focusTarget = keyTarget ?? (focusIndex !== undefined && focusIndex < items.length ? focusIndex : null);

  // The cards the last range drew (rangeExtractor).
  const lastDrawn = useRef<number[]>([]);
  // A new function when the target changes: the virtualizer recomputes its range then.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      // A card drawn a moment ago stays while it is within OVERSCAN cards of the screen. As home
      // opened, the list's top (known only after the first frame) moved the range off the last
      // card while the overscan was still growing, and the next frame's overscan took it back:
      // the same card unmounted and mounted again, a whole card's commit (~290 ms at 4× CPU).
      // Once the overscan is whole, this keeps nothing it would not keep itself.
      const near = lastDrawn.current.filter((i) => i >= range.startIndex - OVERSCAN && i <= range.endIndex + OVERSCAN);
      const extra = [focused.current, focusTarget, ...near].filter(
        (i): i is number => i !== null && i < range.count && !indexes.includes(i),
      );
      const drawn = extra.length ? [...new Set([...indexes, ...extra])].sort((a, b) => a - b) : indexes;
      lastDrawn.current = drawn;
      return drawn;
    },
    [focusTarget],
  );

  const overscan = useGrowingOverscan();
  const virtualizer = useWindowVirtualizer<HTMLDivElement>({
    count: items.length,
    estimateSize: () => CARD_ESTIMATE,
    overscan,
    scrollMargin,
    getItemKey,
    rangeExtractor,
    // The first render already knows the screen, so the first cards are drawn at once.
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
    measureElement: cardHeight,
    onPlacesChange: (instance) => placeRows(list.current, instance),
  });

  useEffect(() => {
    const node = list.current;
    if (!node) return;
    const measure = () => {
      const top = node.getBoundingClientRect().top + window.scrollY;
      // A transition, as the virtualizer's own re-renders: the range it moves may mount cards.
      startTransition(() => setScrollMargin((was) => (Math.abs(top - was) >= 1 ? top : was)));
    };
    // What is above the list (the composer opening, filters wrapping) moves it, and grows
    // or shrinks the page with it: the body's size is the cheapest thing to watch. The
    // observer reports after layout, its first report after the first frame's, so reading
    // the position then costs no layout of its own. Read in a layout effect, the new
    // margin made React render the list again inside the opening commit, running every
    // effect of the opening screen there (BUDGETS.md: home's blocking time). Until the
    // report the cards' places are right (each is its start less the margin) and only the
    // drawn range is off by the list's top.
    if (typeof ResizeObserver === 'undefined') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const fast = useFling();
  const drawn = virtualizer.getVirtualItems();
  const last = drawn.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onNearEnd && last >= items.length - 1 - NEAR_END) onNearEnd();
  }, [onNearEnd, last, items.length]);

  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    focused.current = Number(event.currentTarget.dataset.index);
  }, []);
  const onBlur = useCallback((event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
  }, []);

  // Focus the target once drawn: a row mounted as an outline becomes a card a frame or
  // more later (upgradeSoon), so look for it frame by frame until it is there.
  useEffect(() => {
    if (focusTarget === null) return;
    let frame = 0;
    const tryFocus = () => {
      const card = list.current?.querySelector<HTMLElement>(`[data-index="${focusTarget}"] article`);
      if (!card) return void (frame = requestAnimationFrame(tryFocus));
      card.focus();
      setKeyTarget(null);
      if (focusTarget === focusIndex) onFocused?.();
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [focusTarget, focusIndex, onFocused]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const step = event.key === 'PageDown' ? 1 : event.key === 'PageUp' ? -1 : 0;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
      const out = event.ctrlKey && (event.key === 'End' || event.key === 'Home');
      if (out && list.current && focusPastFeed(list.current, event.key === 'End')) return event.preventDefault();
      if (step === 0) return;
      const from = Number((target.closest('[data-index]') as HTMLElement | null)?.dataset.index);
      const to = from + step;
      if (!Number.isInteger(from) || to < 0 || to >= items.length) return;
      event.preventDefault();
      const now = list.current?.querySelector<HTMLElement>(`[data-index="${to}"] article`);
      if (now) return now.focus();
      // Not drawn: scroll it into the window; it is focused once drawn (the effect above).
      virtualizer.scrollToIndex(to, { align: 'start' });
      setKeyTarget(to);
    },
    [items.length, virtualizer],
  );

  return (
    <div
      ref={list}
      role="feed"
      aria-busy={busy}
      className={classes.window}
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
    >
      {drawn.map((row) => (
        <Row
          key={row.key}
          item={items[row.index]!}
          index={row.index}
          top={row.start - scrollMargin}
          size={row.size}
          fast={fast && row.index !== focusTarget}
          renderItem={renderItem}
          measure={virtualizer.measureElement}
          onFocus={onFocus}
          onBlur={onBlur}
        />
      ))}
    </div>
  );
}

type RowProps<T> = {
  item: T;
  index: number;
  top: number;
  /** Its measured (or estimated) height, for the outline. */
  size: number;
  /** A fling is on: a row mounted now is an outline until it ends. */
  fast: boolean;
  renderItem: (item: T, index: number) => ReactNode;
  measure: (node: HTMLDivElement | null) => void;
  onFocus: (event: FocusEvent<HTMLDivElement>) => void;
  onBlur: (event: FocusEvent<HTMLDivElement>) => void;
};

/** One drawn card; re-rendered only when it, its place or the feed's render changes. */
const Row = memo(function Row<T>({ item, index, top, size, fast, renderItem, measure, onFocus, onBlur }: RowProps<T>) {
  // Once a card, always a card (until it leaves the window): a fling does not undo it.
  const [real, setReal] = useState(!fast);
  useEffect(() => {
    if (!fast && !real) return upgradeSoon(() => setReal(true));
  }, [fast, real]);
  if (!real)
    // Not measured (no ref): its place stays what the virtualizer knows.
    return (
      <div data-index={index} className={classes.row} style={{ transform: `translateY(${top}px)`, height: size }} aria-hidden>
        <div className={classes.outline} />
      </div>
    );
  return (
    <div
      data-index={index}
      ref={measure}
      className={classes.row}
      style={{ transform: `translateY(${top}px)` }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <Card item={item} index={index} renderItem={renderItem} />
    </div>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

type CardProps<T> = Pick<RowProps<T>, 'item' | 'index' | 'renderItem'>;

/** The card itself, apart from Row so that a fling starting or ending does not re-render it. */
const Card = memo(function Card<T>({ item, index, renderItem }: CardProps<T>) {
  return renderItem(item, index);
}) as <T>(props: CardProps<T>) => ReactNode;
