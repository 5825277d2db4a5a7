/**
 * The header's tooltips (ui/lazy-tooltip.tsx): nothing but the button until the member
 * points at it or reaches it by keyboard, then Mantine's Tooltip beside it, the same button
 * (focus kept), shown while pointed at or focused and hidden by Escape.
 */
import { ActionIcon, MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from '../../src/client/ui/lazy-tooltip';
import { stubMatchMedia } from './helpers/match-media';

beforeEach(() => {
  stubMatchMedia();
});
afterEach(cleanup);

function renderButton(onClick = vi.fn<() => void>(), onFocus = vi.fn<() => void>()) {
  const ref = createRef<HTMLButtonElement>();
  render(
    <MantineProvider>
      <LazyTooltip label="Bulletins">
        <ActionIcon ref={ref} aria-label="Bulletins" onClick={onClick} onFocus={onFocus}>
          B
        </ActionIcon>
      </LazyTooltip>
    </MantineProvider>,
  );
  return { ref, button: screen.getByRole('button', { name: 'Bulletins' }) };
}

describe('LazyTooltip', () => {
  it('mounts no tooltip (no portal) until the member points at the button, then shows it beside the same button', async () => {
    const { ref, button } = renderButton();
    expect(document.querySelector('[data-portal]')).toBeNull();
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(ref.current).toBe(button);
    fireEvent.pointerEnter(button);
    expect(await screen.findByText('Bulletins', { selector: '.mantine-Tooltip-tooltip' })).toBeTruthy();
    // The same node: nothing was replaced.
    expect(screen.getByRole('button', { name: 'Bulletins' })).toBe(button);
    expect(ref.current).toBe(button);
    fireEvent.pointerLeave(button);
    await vi.waitFor(() => expect(document.querySelector('.mantine-Tooltip-tooltip')).toBeNull());
  });

  it('keeps the button focused when arming by keyboard, keeps its own handlers, and hides on Escape', async () => {
    const onClick = vi.fn<() => void>();
    const onFocus = vi.fn<() => void>();
    const { button } = renderButton(onClick, onFocus);
    // Keyboard focus: the button matches :focus-visible.
    const matches = vi.spyOn(button, 'matches').mockImplementation((selector) => selector === ':focus-visible');
    act(() => button.focus());
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Bulletins', { selector: '.mantine-Tooltip-tooltip' })).toBeTruthy();
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    await vi.waitFor(() => expect(document.querySelector('.mantine-Tooltip-tooltip')).toBeNull());
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    matches.mockRestore();
  });

  it('shows nothing on focus from a pointer (as Mantine does)', async () => {
    const { button } = renderButton();
    vi.spyOn(button, 'matches').mockReturnValue(false);
    act(() => button.focus());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.mantine-Tooltip-tooltip')).toBeNull();
  });
});
