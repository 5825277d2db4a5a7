/**
 * The rating control (ui/rating-input.tsx) by keyboard: one group named for what it rates,
 * radios named by their value, arrows choosing in half steps (sent once the member pauses,
 * not once per key), Space / Enter and leaving the stars sending at once, and a pointer's
 * choice (a press on a half star) sent at once.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMIT_MS, RatingInput, nextRating, ratingLabel } from '../../src/client/ui/rating-input';
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
      <RatingInput
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

describe('RatingInput', () => {
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

  it('a press on a half star chooses it and is sent at once; a press on the rating given sends nothing', () => {
    const onRate = vi.fn<(rating: number) => void>();
    render(<Rated initial={0} onRate={onRate} />);
    // Each radio but 'No rating' is its half star: placed over it, taking the press itself.
    const halfStar = (name: string) => screen.getByRole('radio', { name });
    expect(halfStar('4 stars of 5').style.left).toBe('70%');
    expect(halfStar('4 stars of 5').style.width).toBe('10%');
    fireEvent.click(halfStar('4 stars of 5'));
    expect(onRate).toHaveBeenCalledExactlyOnceWith(4);
    expect(checked()?.getAttribute('aria-label')).toBe('4 stars of 5');
    fireEvent.click(halfStar('4 stars of 5'));
    expect(onRate).toHaveBeenCalledTimes(1);
  });

  it('draws the stars filled to the value, and to a keyboard choice before it is sent', () => {
    const { container } = render(<Rated initial={2.5} onRate={() => {}} />);
    const fill = () => container.querySelector('stop')?.getAttribute('offset');
    expect(fill()).toBe('50%');
    checked()!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(fill()).toBe('100%');
  });
});
