/**
 * A Mantine Tooltip mounted the first time the member points at or focuses its element,
 * not with the screen. A closed Tooltip is still a portal and a floating-ui reference,
 * and both set state as they mount, which makes React render again inside the opening
 * commit (BUDGETS.md: home's blocking time; the header carries three).
 *
 * The element is drawn on its own and the tooltip beside it, pointed at it (`target`), so
 * arming never replaces the element: a focused button keeps its focus. The tooltip is
 * shown while the pointer is over the element or the keyboard's focus is on it (as
 * Mantine's own: focus from a pointer shows nothing), hidden by Escape.
 */
import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactElement, type Ref } from 'react';

type Handlers = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

export type LazyTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened'> & { children: ReactElement<Handlers> };

export function LazyTooltip({ children, ...tooltip }: LazyTooltipProps) {
  const target = useRef<HTMLElement | null>(null);
  const [armed, setArmed] = useState(false);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const own = children.props;
  const ref = useMergedRef(target, own.ref);
  const show = (set: (on: boolean) => void) => {
    setArmed(true);
    set(true);
  };
  const element = cloneElement(children, {
    ref,
    onPointerEnter: () => {
      own.onPointerEnter?.();
      show(setHover);
    },
    onPointerLeave: () => {
      own.onPointerLeave?.();
      setHover(false);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(setFocus);
    },
    onBlur: () => {
      own.onBlur?.();
      setFocus(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') {
        setHover(false);
        setFocus(false);
      }
    },
  });
  return (
    <>
      {element}
      {armed && <Tooltip {...tooltip} target={target} opened={hover || focus} />}
    </>
  );
}
