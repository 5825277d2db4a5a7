/**
 * The ARIA feed pattern's way out of a feed (feed-list.tsx): Control+End moves focus to
 * the first thing after the feed that takes it ('Load more entries', when there is more),
 * Control+Home to the last thing before it (the filters, the composer). Tab alone walks
 * every card, and a feed that draws its next page as the member nears its end may never end.
 */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses the nearest focusable element after (or before) `feed`, outside it; false when there is none. */
export function focusPastFeed(feed: HTMLElement, after: boolean): boolean {
  const outside = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (e) => !feed.contains(e) && Boolean(feed.compareDocumentPosition(e) & (after ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING)),
  );
  const target = after ? outside[0] : outside.at(-1);
  target?.focus();
  return target !== undefined;
}
