/**
 * useNearScreen (ui/use-near-screen.ts), what the home page's news column waits for on a
 * phone: nothing is watched before `watch`; once watched, an element a screen or more away is
 * not near, and one that comes within a screen is near for good (its observer let go).
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearScreen } from '../../src/client/ui/use-near-screen';

/** A stand-in IntersectionObserver whose reports the test sends. */
class Observer {
  static all: Observer[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options?: IntersectionObserverInit,
  ) {
    Observer.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  Observer.all = [];
  vi.stubGlobal('IntersectionObserver', Observer);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Column({ watch }: { watch: boolean }) {
  const { ref, near } = useNearScreen<HTMLDivElement>(watch);
  return (
    <div ref={ref} data-testid="column">
      {near ? 'built' : 'not built'}
    </div>
  );
}

describe('useNearScreen', () => {
  it('watches nothing before it is asked to', () => {
    const { getByTestId } = render(<Column watch={false} />);
    expect(Observer.all).toHaveLength(0);
    expect(getByTestId('column').textContent).toBe('not built');
  });

  it('is near once the element comes within a screen of the viewport, and stays so', async () => {
    const { getByTestId, rerender } = render(<Column watch={false} />);
    rerender(<Column watch />);
    const [observer] = Observer.all;
    expect(observer?.observed).toEqual([getByTestId('column')]);
    expect(observer?.options?.rootMargin).toBe('100% 0px');
    // Far below (a phone's feed above it): not built.
    act(() => observer!.report([{ isIntersecting: false }]));
    expect(getByTestId('column').textContent).toBe('not built');
    // Scrolled to within a screen: built, and the observer let go.
    act(() => observer!.report([{ isIntersecting: true }]));
    await vi.waitFor(() => expect(getByTestId('column').textContent).toBe('built'));
    expect(observer?.disconnected).toBe(true);
    expect(Observer.all).toHaveLength(1);
  });

  it('counts everything as near where IntersectionObserver is missing, once asked to', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { getByTestId, rerender } = render(<Column watch={false} />);
    expect(getByTestId('column').textContent).toBe('not built');
    rerender(<Column watch />);
    expect(getByTestId('column').textContent).toBe('built');
  });
});
