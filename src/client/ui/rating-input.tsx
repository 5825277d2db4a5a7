/**
 * A rating out of 5 in half steps (spec §5 'Rating allows half steps out of 5') that a
 * keyboard works as well as a pointer: the ARIA radio group pattern (one Tab stop, arrows
 * move and choose, Home / End the ends), over Mantine's Rating, whose radios are named
 * '3.5 stars' so a screen reader says the value it lands on.
 *
 * Why not Mantine's keys alone: its arrows only light the stars and choose nothing until
 * Space or Enter, which a member following the radio pattern would never press. Why not
 * send every arrow: each choice is a queued write ('entry.rate'), and walking from 1 to 4
 * is six of them. So an arrow shows its choice at once and the choice is sent when the
 * member pauses (COMMIT_MS), presses Space or Enter, or leaves the stars; a pointer's
 * click is sent at once.
 *
 * While the app opens, a card's stars are a picture of them (rating-preview.tsx): Mantine's
 * Rating is eleven radios, labels and stars, half of a card's elements, and drawn with the
 * first screen's cards it was a third of the opening frame's style and layout (BUDGETS.md:
 * home's blocking time). The control replaces the picture once the app has opened
 * (useAppOpened), or at once when the member reaches for it first: a click on the picture
 * rates at the star it hit, and keyboard focus lands on the control's chosen star.
 */
import { Rating } from '@mantine/core';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { RatingPreview } from './rating-preview';
import { useAppOpened } from './use-after-first-screen';

export const RATING_COUNT = 5;
export const RATING_STEP = 0.5;
/** How long a keyboard choice rests before it is sent. */
export const COMMIT_MS = 800;

/** The value a key moves a rating to, or undefined for any other key. Never below one step. */
export function nextRating(value: number, key: string, count = RATING_COUNT, step = RATING_STEP): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(count, Math.max(step, value + step));
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(step, value - step);
    case 'Home':
      return step;
    case 'End':
      return count;
    default:
      return undefined;
  }
}

/** What a screen reader says for one value (the radios' names). */
export function ratingLabel(value: number, count = RATING_COUNT): string {
  if (value <= 0) return 'No rating';
  return `${value} ${value === 1 ? 'star' : 'stars'} of ${count}`;
}

export type RatingInputProps = {
  /** The member's current rating (0 when none). */
  value: number;
  /** Called with a new rating, at most once per choice. */
  onRate: (rating: number) => void;
  /** The group's name ('Rate this entry'). */
  label: string;
};

export function RatingInput(props: RatingInputProps) {
  const opened = useAppOpened();
  // How the member reached the picture before the app had opened, if they did.
  const [reached, setReached] = useState<'focus' | 'click' | null>(null);
  if (!opened && !reached)
    return (
      <RatingPreview
        value={props.value}
        count={RATING_COUNT}
        step={RATING_STEP}
        label={`${props.label}: ${ratingLabel(props.value)}`}
        onFocus={() => setReached('focus')}
        onPick={(rating) => {
          setReached('click');
          if (rating !== props.value) props.onRate(rating);
        }}
      />
    );
  return <RatingControl {...props} focusOnMount={reached === 'focus'} />;
}

/** Mantine's Rating with the radio group's keys; `focusOnMount`: focus its chosen star (or the first) as it appears. */
export function RatingControl({ value, onRate, label, focusOnMount = false }: RatingInputProps & { focusOnMount?: boolean }) {
  // A keyboard choice not yet sent; shown instead of `value` until the row says it.
  const [draft, setDraft] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ draft, value, onRate });
  latest.current = { draft, value, onRate };

  const send = (rating: number | null) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const { value: current, onRate: rate } = latest.current;
    if (rating !== null && rating > 0 && rating !== current) rate(rating);
    else setDraft(null);
  };

  useEffect(() => {
    if (!focusOnMount) return;
    const stars = root.current;
    (stars?.querySelector<HTMLInputElement>('input:checked') ?? stars?.querySelector<HTMLInputElement>('input'))?.focus();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);

  // The row caught up with the choice: show the row again.
  useEffect(() => {
    if (draft !== null && value === draft) setDraft(null);
  }, [value, draft]);

  // A card scrolled out of the feed unmounts: a choice waiting to be sent is sent then.
  useEffect(
    () => () => {
      if (timer.current !== undefined) send(latest.current.draft);
    },
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- on unmount only, with the refs' latest values
    [],
  );

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextRating(draft ?? value, event.key);
    if (next === undefined) return;
    // Before the radio's own arrow handling, which would only light the stars.
    event.preventDefault();
    event.stopPropagation();
    setDraft(next);
    root.current?.querySelector<HTMLInputElement>(`input[value="${next}"]`)?.focus();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(next), COMMIT_MS);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (timer.current !== undefined && !event.currentTarget.contains(event.relatedTarget as Node | null)) send(draft);
  };

  return (
    <Rating
      ref={root}
      role="radiogroup"
      aria-label={label}
      fractions={1 / RATING_STEP}
      count={RATING_COUNT}
      value={draft ?? value}
      getSymbolLabel={(v) => ratingLabel(v)}
      onChange={(rating) => {
        setDraft(rating);
        send(rating);
      }}
      onKeyDownCapture={onKeyDownCapture}
      onBlur={onBlur}
    />
  );
}
