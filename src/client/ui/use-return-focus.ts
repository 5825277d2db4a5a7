/**
 * Focus back to what opened a dialog that is mounted only while open
 * (`{open && <SomeModal opened />}`). Mantine's Modal returns focus when `opened` turns
 * false, but it learns the opener only on an update of `opened`: mounted already open,
 * it never knew it, and unmounted it never runs — focus fell to <body>, and a keyboard
 * member started again from the top of the page (or outside the drawer they were in).
 *
 * The opener is read during the first render, before any effect can move focus into
 * the dialog; when the dialog goes, focus returns to it if it went nowhere else.
 */
import { useEffect, useState } from 'react';

/**
 * What opened the dialog: the focused element, or — for an item of a Mantine menu, which
 * closes with the dialog's opening — the button that opened the menu (aria-controls).
 */
function openerOf(active: Element | null): Element | null {
  const menu = active?.closest('[role="menu"]');
  if (!menu?.id) return active;
  return document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active;
}

export function useReturnFocus(): void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : openerOf(document.activeElement)));
  useEffect(
    () => () => {
      if (!(opener instanceof HTMLElement)) return;
      // After the dialog has left the DOM and Mantine's own return (10 ms) had its chance.
      setTimeout(() => {
        const now = document.activeElement;
        if (opener.isConnected && (now === null || now === document.body)) opener.focus({ preventScroll: true });
      }, 20);
    },
    [opener],
  );
}

/** The same as a component, for a dialog whose component stays mounted and renders it only while open. */
export function ReturnFocus(): null {
  useReturnFocus();
  return null;
}
