/**
 * 'Skip to content': the first thing Tab reaches on every screen, shown only while it has
 * focus, so a keyboard or switch user passes the header and side menu in one step
 * (WCAG 2.4.1). It moves focus itself rather than relying on the fragment: the router
 * owns the URL, and a fragment alone does not move focus to an element that is not
 * focusable. The target is the layout's <main>, given `id={CONTENT_ID}` and tabIndex -1.
 */
import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

export const CONTENT_ID = 'content';

/** Props for the element the link skips to (focusable by script only, no ring of its own). */
export const skipTarget = { id: CONTENT_ID, tabIndex: -1 } as const;
/** Its class, to join with the element's own. */
export const skipTargetClass = classes.target;

export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(CONTENT_ID);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href={`#${CONTENT_ID}`} className={classes.link} onClick={skip}>
      Skip to content
    </a>
  );
}
