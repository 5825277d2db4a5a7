/**
 * True once `ref`'s element is on screen while the page is not scrolling (no scroll event
 * anywhere for SETTLE_MS), and from then on while it stays mounted: for work too heavy
 * to start for every card that scrolls past (post-map.tsx: a maplibre map per card).
 */
import { useEffect, useState, type RefObject } from 'react';

export const SETTLE_MS = 300;

let lastScroll = 0;
let listening = false;
/** One capture listener for every scroller of the page (window or an inner one). */
function trackScrolls(): void {
  if (listening) return;
  listening = true;
  globalThis.addEventListener?.('scroll', () => void (lastScroll = performance.now()), { capture: true, passive: true });
}

export function useSettledInView(ref: RefObject<Element | null>, enabled: boolean): boolean {
  // Without IntersectionObserver (very old browsers, jsdom) there is no way to wait: at once.
  const [settled, setSettled] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (!enabled || settled || !node) return;
    trackScrolls();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const idle = performance.now() - lastScroll;
      if (idle >= SETTLE_MS) setSettled(true);
      else timer = setTimeout(check, SETTLE_MS - idle);
    };
    const observer = new IntersectionObserver((entries) => {
      clearTimeout(timer);
      if (entries.some((e) => e.isIntersecting)) timer = setTimeout(check, SETTLE_MS);
    });
    observer.observe(node);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, enabled, settled]);
  return settled;
}
