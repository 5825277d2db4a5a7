/**
 * A card's menus and the sync popover (ui/use-menu-armed.ts): the button alone in the
 * opening commit, the Menu around it once the app has opened (the browser idle after the
 * last part mounted while opening), at once for a part mounted later, and at once for a
 * member who reaches the button before that by keyboard (focus kept on the button) or
 * clicks it (drawn open), but not for a pointer passing over it.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Hook = typeof import('../../src/client/ui/use-menu-armed');

let hook: Hook;
beforeEach(async () => {
  // The app opens once a page: each test is a new page.
  vi.resetModules();
  hook = await import('../../src/client/ui/use-menu-armed');
});
afterEach(cleanup);

function Part({ name }: { name: string }) {
  const { drawn, armed, openAtOnce, armProps, targetRef } = hook.useMenuArmed();
  // A different element once drawn, as a Menu around the button makes it.
  return drawn ? (
    <section aria-label={`${name} menu`}>
      <button ref={targetRef} {...armProps}>
        {name}
      </button>
      {armed && <span>{name} dropdown</span>}
      {openAtOnce && <span>{name} open</span>}
    </section>
  ) : (
    <button ref={targetRef} {...armProps}>
      {name}
    </button>
  );
}

const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useMenuArmed', () => {
  it('draws the button alone first, the Menu once the app has opened, and at once for parts mounted after', async () => {
    const { rerender } = render(<Part name="first" />);
    expect(screen.queryByRole('region', { name: 'first menu' })).toBeNull();
    await idle();
    expect(screen.getByRole('region', { name: 'first menu' })).toBeTruthy();
    // Not armed: no dropdown until the member comes near.
    expect(screen.queryByText('first dropdown')).toBeNull();
    rerender(
      <>
        <Part name="first" />
        <Part name="later" />
      </>,
    );
    expect(screen.getByRole('region', { name: 'later menu' })).toBeTruthy();
  });

  it('draws the Menu at once for a member who reaches the button by keyboard before the app has opened, and keeps focus on it', () => {
    render(<Part name="early" />);
    const before = screen.getByRole('button', { name: 'early' });
    vi.spyOn(before, 'matches').mockImplementation((selector) => selector === ':focus-visible');
    act(() => before.focus());
    const after = screen.getByRole('button', { name: 'early' });
    expect(screen.getByRole('region', { name: 'early menu' })).toBeTruthy();
    expect(after).not.toBe(before);
    expect(document.activeElement).toBe(after);
    expect(screen.getByText('early dropdown')).toBeTruthy();
  });

  it('draws the Menu open for a click before the app has opened; a pointer passing over or focus from a press does not draw it', () => {
    render(<Part name="early" />);
    const button = screen.getByRole('button', { name: 'early' });
    // Replaced between the press and the release, the button would lose the click.
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    vi.spyOn(button, 'matches').mockReturnValue(false);
    act(() => button.focus());
    expect(screen.queryByRole('region', { name: 'early menu' })).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole('region', { name: 'early menu' })).toBeTruthy();
    expect(screen.getByText('early open')).toBeTruthy();
  });

  it('waits for parts still mounting while the app opens (a feed after its header)', async () => {
    const { rerender } = render(<Part name="header" />);
    // The feed's cards mount before the browser is idle: the moment moves past them.
    rerender(
      <>
        <Part name="header" />
        <Part name="card" />
      </>,
    );
    expect(screen.queryByRole('region', { name: 'card menu' })).toBeNull();
    await idle();
    expect(screen.getByRole('region', { name: 'header menu' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'card menu' })).toBeTruthy();
  });
});
