/**
 * The rating control (ui/rating-input.tsx) by keyboard: one group named for what it rates,
 * radios named by their value, arrows choosing in half steps (sent once the member pauses,
 * not once per key), Space / Enter and leaving the stars sending at once, and a pointer's
 * choice sent at once. While the app opens, a picture of the stars stands in for the control
 * until it has opened or the member reaches for it (a click rates, focus lands on a star).
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMIT_MS, RatingControl, nextRating, ratingLabel } from '../../src/client/ui/rating-input';
import { stubMatchMedia } from './helpers/match-media';

beforeEach(() => {
  vi.useFakeTimers();
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The control over a value the caller keeps, as the entry row does (the write updates it). */
function Rated({ initial, onRate }: { initial: number; onRate: (r: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <RatingControl
        value={value}
        label="Rate this entry"
        onRate={(r) => {
          onRate(r);
          setValue(r);
        }}
      />
      <button type="button">after</button>
    </MantineProvider>
  );
}

const checked = () => (screen.getAllByRole('radio') as HTMLInputElement[]).find((r) => r.checked);

describe('nextRating', () => {
  it('moves in half steps between one step and five', () => {
    expect(nextRating(0, 'ArrowRight')).toBe(0.5);
    expect(nextRating(2, 'ArrowRight')).toBe(2.5);
    expect(nextRating(2, 'ArrowUp')).toBe(2.5);
    expect(nextRating(5, 'ArrowRight')).toBe(5);
    expect(nextRating(2, 'ArrowLeft')).toBe(1.5);
    expect(nextRating(2, 'ArrowDown')).toBe(1.5);
    expect(nextRating(0.5, 'ArrowLeft')).toBe(0.5);
    expect(nextRating(0, 'ArrowLeft')).toBe(0.5);
    expect(nextRating(3, 'Home')).toBe(0.5);
    expect(nextRating(3, 'End')).toBe(5);
    expect(nextRating(3, 'Tab')).toBeUndefined();
  });

  it('names each value for a screen reader', () => {
    expect(ratingLabel(0)).toBe('No rating');
    expect(ratingLabel(1)).toBe('1 star of 5');
    expect(ratingLabel(3.5)).toBe('3.5 stars of 5');
  });
});

describe('RatingControl', () => {
  it('is one named radio group whose radios say their value', () => {
    render(<Rated initial={2} onRate={() => {}} />);
    expect(screen.getByRole('radiogroup', { name: 'Rate this entry' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '2.5 stars of 5' })).toBeTruthy();
    expect(checked()?.getAttribute('aria-label')).toBe('2 stars of 5');
  });

  it('arrows choose and move focus at once, and the choice is sent once when the member pauses', () => {
    const onRate = vi.fn<(rating: number) => void>();
    render(<Rated initial={2} onRate={onRate} />);
    const start = checked()!;
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('3.5 stars of 5');
    expect(checked()?.getAttribute('aria-label')).toBe('3.5 stars of 5');
    expect(onRate).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(COMMIT_MS));
    expect(onRate).toHaveBeenCalledTimes(1);
    expect(onRate).toHaveBeenCalledWith(3.5);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    act(() => void vi.advanceTimersByTime(COMMIT_MS));
    expect(onRate).toHaveBeenLastCalledWith(3);
    expect(checked()?.getAttribute('aria-label')).toBe('3 stars of 5');
  });

  it('Space sends the choice at once', () => {
    const onRate = vi.fn<(rating: number) => void>();
    render(<Rated initial={0} onRate={onRate} />);
    checked()!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(onRate).toHaveBeenCalledTimes(1);
    expect(onRate).toHaveBeenCalledWith(4.5);
    act(() => void vi.advanceTimersByTime(COMMIT_MS * 2));
    expect(onRate).toHaveBeenCalledTimes(1);
  });

  it('leaving the stars sends a choice not yet sent', () => {
    const onRate = vi.fn<(rating: number) => void>();
    render(<Rated initial={1} onRate={onRate} />);
    checked()!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.blur(document.activeElement!, { relatedTarget: screen.getByRole('button', { name: 'after' }) });
    expect(onRate).toHaveBeenCalledWith(1.5);
  });

  it('choosing the rating already given sends nothing', () => {
    const onRate = vi.fn<(rating: number) => void>();
    render(<Rated initial={5} onRate={onRate} />);
    checked()!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    act(() => void vi.advanceTimersByTime(COMMIT_MS));
    expect(onRate).not.toHaveBeenCalled();
  });

  it('a pointer choice is sent at once', () => {
    const onRate = vi.fn<(rating: number) => void>();
    render(<Rated initial={0} onRate={onRate} />);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars of 5' }).nextElementSibling!);
    expect(onRate).toHaveBeenCalledWith(4);
  });
});

describe('RatingInput while the app opens', () => {
  type Input = typeof import('../../src/client/ui/rating-input');
  let input: Input;
  beforeEach(async () => {
    vi.useRealTimers();
    // The app opens once a page (ui/use-after-first-screen.ts): each test is a new page.
    vi.resetModules();
    input = await import('../../src/client/ui/rating-input');
  });

  function Opening({ initial, onRate }: { initial: number; onRate: (r: number) => void }) {
    const [value, setValue] = useState(initial);
    return (
      <MantineProvider>
        <input.RatingInput
          value={value}
          label="Rate this entry"
          onRate={(r) => {
            onRate(r);
            setValue(r);
          }}
        />
      </MantineProvider>
    );
  }
  const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  /** The picture is 100 px wide here: a click at x is read at that point of it. */
  const clickAt = (picture: Element, x: number) => {
    vi.spyOn(picture, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      right: 100,
      width: 100,
      top: 0,
      bottom: 20,
      height: 20,
    } as DOMRect);
    fireEvent.click(picture, { clientX: x });
  };

  it('is a picture of the stars, named with the value, until the app has opened; then the radio group', async () => {
    render(<Opening initial={3.5} onRate={vi.fn<(r: number) => void>()} />);
    expect(screen.getByRole('img', { name: 'Rate this entry: 3.5 stars of 5' })).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    await idle();
    expect(screen.queryByRole('img', { name: /Rate this entry/ })).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Rate this entry' })).toBeTruthy();
    expect(checked()?.value).toBe('3.5');
  });

  it('a click on the picture rates at the half star it hit, at once, and draws the control', () => {
    const onRate = vi.fn<(r: number) => void>();
    render(<Opening initial={0} onRate={onRate} />);
    // 100 px for five stars: 61 px is in the right half of the fourth star.
    clickAt(screen.getByRole('img', { name: 'Rate this entry: No rating' }), 61);
    expect(onRate).toHaveBeenCalledExactlyOnceWith(3.5);
    expect(checked()?.value).toBe('3.5');
  });

  it('a click at the very start is one step, and the rating already given sends nothing', () => {
    const onRate = vi.fn<(r: number) => void>();
    render(<Opening initial={0.5} onRate={onRate} />);
    clickAt(screen.getByRole('img', { name: 'Rate this entry: 0.5 stars of 5' }), 0);
    expect(onRate).not.toHaveBeenCalled();
    expect(screen.getByRole('radiogroup', { name: 'Rate this entry' })).toBeTruthy();
  });

  it('keyboard focus on the picture draws the control and moves focus to its chosen star; focus from a press does not', () => {
    render(<Opening initial={2} onRate={vi.fn<(r: number) => void>()} />);
    const picture = screen.getByRole('img', { name: 'Rate this entry: 2 stars of 5' });
    // A press focuses it too, before its click: the picture stays for the click to land on.
    let byKeyboard = false;
    vi.spyOn(picture, 'matches').mockImplementation((selector) => selector === ':focus-visible' && byKeyboard);
    act(() => picture.focus());
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    act(() => picture.blur());
    byKeyboard = true;
    act(() => picture.focus());
    expect(document.activeElement).toBe(checked());
    expect(checked()?.value).toBe('2');
  });
});
