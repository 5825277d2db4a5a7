/**
 * Parts of a card drawn only once the member comes near them (BUDGETS.md: no task over
 * 50 ms scrolling 1,000 cached entries). A closed Mantine menu dropdown, modal or tooltip
 * is still a portal whose mount renders again inside the commit, plus its hooks and
 * listeners; a card had seven, and they were a good part of mounting a card.
 */
import { useState } from 'react';

export type ArmProps = { onPointerEnter: () => void; onPointerDown: () => void; onFocus: () => void };

/**
 * Whether a menu's dropdown (and the dialogs its items open) are drawn, and the props that
 * draw them, for the Menu.Target's button. A pointer over the button, a finger on it or
 * keyboard focus on it comes before any click or key can open the menu, so the dropdown is
 * there, closed, when it opens: the same transition, keys and focus return as a menu drawn
 * from the start. Once drawn it stays.
 */
export function useMenuArmed(): [boolean, ArmProps] {
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  return [armed, { onPointerEnter: arm, onPointerDown: arm, onFocus: arm }];
}
