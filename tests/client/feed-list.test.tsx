/**
 * The windowed feed (entries/components/feed-list.tsx): of 1,000 cards only those on
 * the screen and a few either side are in the DOM (those on the screen first); scrolling the window draws others,
 * the end of the list asks for the next page, and the card holding focus stays drawn.
 * happy-dom lays nothing out and its ResizeObserver never reports: the window is SCREEN px
 * tall, and a test that needs cards measured installs `observers()`, a stand-in whose
 * `report()` delivers what a browser's observer does after a frame's layout (each card
 * `cardHeight` px tall, the estimate unless a test says otherwise).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_ESTIMATE, FeedList, OVERSCAN } from '../../src/client/entries/components/feed-list';

const CARD = CARD_ESTIMATE;
let cardHeight = CARD;
const SCREEN = 800;
const items = Array.from({ length: 1000 }, (_, i) => `card-${i}`);

// Counted, not only answered: a card's height read while React commits is a forced layout.
const heightReads = vi.fn<() => void>();
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.dataset.index === undefined) return 0;
      heightReads();
      return cardHeight;
    },
  });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: SCREEN });
});
afterAll(() => {
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
});
const realObserver = globalThis.ResizeObserver;
afterEach(() => {
  cleanup();
  scrollTo(0);
  cardHeight = CARD;
  heightReads.mockClear();
  globalThis.ResizeObserver = realObserver;
});

/** ResizeObservers that report when told to: every observed element, cards `cardHeight` px tall. */
function observers() {
  const all: { report: ResizeObserverCallback; targets: Set<Element>; self: ResizeObserver }[] = [];
  globalThis.ResizeObserver = class {
    constructor(report: ResizeObserverCallback) {
      all.push({ report, targets: new Set(), self: this as unknown as ResizeObserver });
    }
    observe(target: Element) {
      all.find((o) => o.self === (this as unknown))?.targets.add(target);
    }
    unobserve(target: Element) {
      all.find((o) => o.self === (this as unknown))?.targets.delete(target);
    }
    disconnect() {
      all.find((o) => o.self === (this as unknown))?.targets.clear();
    }
  } as unknown as typeof ResizeObserver;
  const entry = (target: Element) => {
    const blockSize = (target as HTMLElement).dataset.index === undefined ? 0 : cardHeight;
    return { target, borderBoxSize: [{ blockSize, inlineSize: 400 }] } as unknown as ResizeObserverEntry;
  };
  return {
    /** What a browser delivers after a frame's layout (call it inside act). */
    report: () => all.forEach((o) => o.report([...o.targets].map(entry), o.self)),
  };
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => void window.dispatchEvent(new Event('scroll')));
}

const drawn = () => screen.queryAllByRole('article').map((a) => a.textContent);

function renderFeed(onNearEnd?: () => void, focus?: { focusIndex: number; onFocused: () => void }) {
  return render(
    <FeedList
      items={items}
      itemKey={String}
      onNearEnd={onNearEnd}
      focusIndex={focus?.focusIndex}
      onFocused={focus?.onFocused}
      renderItem={(code, i) => (
        <article aria-posinset={i + 1} aria-setsize={items.length} tabIndex={-1}>
          <button type="button">{code}</button>
          <input aria-label={`comment on ${code}`} />
        </article>
      )}
    />,
  );
}

describe('FeedList', () => {
  it('draws the cards on the screen first, then OVERSCAN more below one a frame, in a box as tall as the feed', async () => {
    renderFeed();
    const feed = screen.getByRole('feed');
    expect(feed.style.height).toBe(`${items.length * CARD}px`);
    const first = drawn();
    expect(first[0]).toBe('card-0');
    // The opening commit: the screen's cards (and the one cut by its bottom edge) alone.
    expect(first.length).toBe(Math.ceil(SCREEN / CARD));
    // Then the ones ahead, in commits of their own, up to OVERSCAN below.
    await waitFor(() => expect(drawn().length).toBe(Math.ceil(SCREEN / CARD) + OVERSCAN));
    expect(drawn()[0]).toBe('card-0');
  });

  it("reads the list's place after layout (its observer's report), not in the opening commit", () => {
    const { report } = observers();
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const readsOfFeed = () => rect.mock.contexts.filter((node) => (node as Element).getAttribute('role') === 'feed').length;
    try {
      renderFeed();
      // Its cards drawn, nothing read yet.
      expect(drawn().length).toBeGreaterThan(0);
      expect(readsOfFeed()).toBe(0);
      act(report);
      expect(readsOfFeed()).toBeGreaterThan(0);
    } finally {
      rect.mockRestore();
    }
  });

  it("measures no card while React commits: their heights come in their observer's report, placed before any re-render", () => {
    const { report } = observers();
    cardHeight = 300;
    renderFeed();
    const n = drawn().length;
    expect(n).toBeLessThan(20);
    // Mounted at the places known so far, and no height read: no layout forced in the commit.
    expect(heightReads).not.toHaveBeenCalled();
    const feed = screen.getByRole('feed');
    const second = screen.getByText('card-1').closest('[data-index]') as HTMLElement;
    expect(second.style.transform).toBe(`translateY(${CARD}px)`);
    act(() => {
      report();
      // At once, in the report (before the frame is painted), not in React's re-render.
      expect(second.style.transform).toBe('translateY(300px)');
      expect(feed.style.height).toBe(`${n * 300 + (items.length - n) * CARD}px`);
    });
    // The re-render draws the same places (the cards it adds are measured in the next report).
    expect(second.style.transform).toBe('translateY(300px)');
    expect(feed.style.height).toBe(`${n * 300 + (items.length - n) * CARD}px`);
  });

  it("mounts each card once as home opens, though the list's top, found after the first frame, moves the range while the overscan grows", async () => {
    const { report } = observers();
    const mounts = new Map<string, number>();
    function Counted({ code }: { code: string }) {
      useEffect(() => void mounts.set(code, (mounts.get(code) ?? 0) + 1), [code]);
      return <article>{code}</article>;
    }
    render(<FeedList items={items} itemKey={String} renderItem={(code) => <Counted code={code} />} />);
    // The overscan has begun to grow: the screen's cards and one more.
    await waitFor(() => expect(drawn().length).toBe(Math.ceil(SCREEN / CARD) + 1));
    // Then the list's place comes: 400 px down the page (a composer above it), a card fewer on the screen.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return { top: this.getAttribute('role') === 'feed' ? 400 : 0, bottom: 0, left: 0, right: 0, width: 0, height: 0, x: 0, y: 0, toJSON: () => ({}) };
    });
    try {
      act(report);
      // The overscan whole: the one card now on the screen and OVERSCAN below it.
      await waitFor(() => expect(drawn()).toEqual(items.slice(0, 1 + OVERSCAN)));
    } finally {
      rect.mockRestore();
    }
    expect([...mounts].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('draws other cards as the window scrolls, each placed at its own offset', async () => {
    renderFeed();
    scrollTo(500 * CARD);
    // A jump is a fling: the cards come once it has settled.
    await waitFor(() => expect(drawn()).toContain('card-500'));
    const now = drawn();
    expect(now).toContain('card-500');
    expect(now).not.toContain('card-0');
    expect(now.length).toBeLessThanOrEqual(Math.ceil(SCREEN / CARD) + 1 + 2 * OVERSCAN);
    const row = screen.getByText('card-500').closest('[data-index]') as HTMLElement;
    expect(row.style.transform).toBe(`translateY(${500 * CARD}px)`);
  });

  it('draws the cards entering in a fling as outlines of their size, then as cards once it slows down', async () => {
    const { container } = renderFeed();
    // Two steps of 100 cards within a few ms: far beyond any reading speed.
    scrollTo(100 * CARD);
    scrollTo(200 * CARD);
    const row = container.querySelector('[data-index="200"]') as HTMLElement;
    expect(row).toBeTruthy();
    expect(row.style.height).toBe(`${CARD}px`);
    expect(screen.queryByText('card-200')).toBeNull();
    await waitFor(() => expect(screen.getByText('card-200')).toBeTruthy());
    expect((screen.getByText('card-200').closest('[data-index]') as HTMLElement).style.height).toBe('');
  });

  it('asks for the next page only once the end is drawn', async () => {
    const onNearEnd = vi.fn<() => void>();
    renderFeed(onNearEnd);
    expect(onNearEnd).not.toHaveBeenCalled();
    scrollTo(items.length * CARD - SCREEN);
    expect(onNearEnd).toHaveBeenCalled();
    await waitFor(() => expect(drawn()).toContain('card-999'));
  });

  it('keeps the card holding focus drawn when it scrolls out of the window', () => {
    renderFeed();
    const button = screen.getByText('card-1');
    act(() => button.focus());
    scrollTo(300 * CARD);
    expect(drawn()).toContain('card-1');
    expect(drawn()).not.toContain('card-0');
    expect(document.activeElement).toBe(button);
    act(() => button.blur());
    scrollTo(301 * CARD);
    expect(drawn()).not.toContain('card-1');
  });

  it('moves focus to the next and previous card with Page Down / Page Up (the ARIA feed keys), not from a text field', () => {
    renderFeed();
    const button = screen.getByText('card-1');
    act(() => button.focus());
    fireEvent.keyDown(button, { key: 'PageDown' });
    expect(document.activeElement).toBe(screen.getByText('card-2').closest('article'));
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(document.activeElement).toBe(screen.getByText('card-3').closest('article'));
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' });
    expect(document.activeElement).toBe(screen.getByText('card-2').closest('article'));
    // The first card has none before it: focus stays.
    const first = screen.getByText('card-0');
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'PageUp' });
    expect(document.activeElement).toBe(first);
    // In a text field the keys are the field's.
    const field = screen.getByLabelText('comment on card-1');
    act(() => field.focus());
    fireEvent.keyDown(field, { key: 'PageDown' });
    expect(document.activeElement).toBe(field);
  });

  it("focuses the card the feed asks for ('Load more entries'), drawn for it even out of the window and in a fling", async () => {
    const onFocused = vi.fn<() => void>();
    renderFeed(undefined, { focusIndex: 500, onFocused });
    // Far below the window: drawn for focus, and focused once drawn.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('card-500').closest('article')));
    expect(onFocused).toHaveBeenCalledTimes(1);
    cleanup();
    // In a fling entering cards are outlines; the asked-for one is drawn a card at once.
    const { rerender } = renderFeed();
    scrollTo(100 * CARD);
    scrollTo(200 * CARD);
    expect(screen.queryByText('card-201')).toBeNull();
    const ask = vi.fn<() => void>();
    rerender(
      <FeedList
        items={items}
        itemKey={String}
        focusIndex={700}
        onFocused={ask}
        renderItem={(code, i) => (
          <article aria-posinset={i + 1} tabIndex={-1}>
            {code}
          </article>
        )}
      />,
    );
    expect(document.activeElement).toBe(screen.getByText('card-700'));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('card-201')).toBeNull();
  });
});
