/**
 * Parts drawn only once the member comes near them (BUDGETS.md: no task over 50 ms
 * scrolling 1,000 cached entries; home's blocking time). A closed Mantine menu dropdown,
 * popover dropdown, modal or tooltip is still a portal whose mount renders again inside
 * the commit, plus its hooks and listeners; a card had seven, and they were a good part
 * of mounting a card.
 */
import { useCallback, useRef, useState, type FocusEvent } from 'react';
import { useAppOpened } from './use-after-first-screen';

export type ArmProps = {
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onClick?: () => void;
};

export type MenuArming = {
  /** Whether the Menu (or Popover) itself is drawn around its button. */
  drawn: boolean;
  /** Whether its dropdown (and the dialogs its items open) are drawn. */
  armed: boolean;
  /** The Menu's `defaultOpened`: the member clicked the button before the Menu was drawn. */
  openAtOnce: boolean;
  /** For the button. */
  armProps: ArmProps;
  /** For the button: gives keyboard focus back to it when drawing the Menu replaced it. */
  targetRef: (node: HTMLElement | null) => void;
};

/**
 * A menu's parts, drawn as the member comes near them. A pointer over the button, a finger
 * on it or keyboard focus on it comes before any click or key can open the menu, so the
 * dropdown is there, closed, when it opens: the same transition, keys and focus return as
 * a menu drawn from the start. Once drawn it stays.
 *
 * The Menu around the button is drawn once the app has opened (use-after-first-screen.ts):
 * a Menu's floating reference sets state as its button mounts, which made React render
 * again, and run every effect of the opening screen, inside the opening commit. Drawing it
 * replaces the button, so before that (the first half second) only what cannot be cut in
 * two draws it: keyboard focus (focus is put back on the new button) and a click (the Menu
 * is drawn open). A pointer coming near does not: the button would be replaced between the
 * press and the release, and the click lost.
 */
export function useMenuArmed(): MenuArming {
  const opened = useAppOpened();
  const [armed, setArmed] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const drawn = opened || armed;
  const refocus = useRef(false);
  const arm = () => setArmed(true);
  const targetRef = useCallback((node: HTMLElement | null) => {
    if (!node || !refocus.current) return;
    refocus.current = false;
    node.focus();
  }, []);
  const armProps: ArmProps = drawn
    ? { onPointerEnter: arm, onPointerDown: arm, onFocus: arm }
    : {
        onFocus: (event) => {
          if (!event.currentTarget.matches(':focus-visible')) return;
          refocus.current = true;
          arm();
        },
        onClick: () => {
          setOpenAtOnce(true);
          arm();
        },
      };
  return { drawn, armed, openAtOnce, armProps, targetRef };
}
