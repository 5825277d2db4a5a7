/**
 * A rating out of 5 in half steps (spec §5 'Rating allows half steps out of 5') that a
 * keyboard works as well as a pointer: the ARIA radio group pattern (one Tab stop, arrows
 * move and choose, Home / End the ends), its radios named '3.5 stars of 5' so a screen reader
 * says the value it lands on.
 *
 * Why not send every arrow: each choice is a queued write ('entry.rate'), and walking from
 * 1 to 4 is six of them. So an arrow shows its choice at once and the choice is sent when the
 * member pauses (COMMIT_MS), presses Space or Enter, or leaves the stars; a pointer's click is
 * sent at once.
 *
 * Why not Mantine's Rating: it is eleven radios, each with a label and its own star
 * components, drawn again for every value the pointer hovers; a feed card's rating was half
 * of the card's elements. Stood in for by a picture while the app opened, it was then drawn
 * card by card in tasks of their own just after the first screen (issue 32: home's blocking
 * time). Here the stars are one picture (rating-stars.tsx) and the radios are native: each
 * radio but 'No rating' lies unseen over its half star and takes the pointer itself, so a
 * card draws it once, with the rest, in twelve elements (a label for each half star made
 * it twenty-two, about a quarter of a card's elements; decision 0088).
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { RatingStars } from './rating-stars';
import hidden from './hidden-title.module.css';
import classes from './rating.module.css';

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

/** Every value a radio stands for: none, then each half star. */
const VALUES = Array.from({ length: RATING_COUNT / RATING_STEP + 1 }, (_, i) => i * RATING_STEP);
/** Where a value's half star lies along the stars, and how wide it is (percent). */
const halfStar = (value: number) => ({
  left: `${((value - RATING_STEP) / RATING_COUNT) * 100}%`,
  width: `${(RATING_STEP / RATING_COUNT) * 100}%`,
});

export function RatingInput({ value, onRate, label }: RatingInputProps) {
  const name = `rating-${useId().replace(/:/g, '')}`;
  // A keyboard choice not yet sent; shown instead of `value` until the row says it.
  const [draft, setDraft] = useState<number | null>(null);
  // The half star under a mouse pointer, shown while it hovers (as Mantine's Rating did).
  const [hover, setHover] = useState<number | null>(null);
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
    if ((event.key === ' ' || event.key === 'Enter') && timer.current !== undefined) {
      event.preventDefault();
      send(draft);
      return;
    }
    const next = nextRating(draft ?? value, event.key);
    if (next === undefined) return;
    // Before the radio's own arrow handling, which would choose the next radio at once.
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

  const shown = draft ?? value;
  return (
    <div
      ref={root}
      role="radiogroup"
      aria-label={label}
      className={classes.rating}
      onKeyDownCapture={onKeyDownCapture}
      onBlur={onBlur}
      onPointerLeave={() => setHover(null)}
    >
      <RatingStars value={hover ?? shown} count={RATING_COUNT} />
      {VALUES.map((v) => (
        <input
          key={v}
          // 'No rating' has no place on the stars; each other radio lies, unseen, over its half star.
          className={v > 0 ? classes.half : hidden.hidden}
          style={v > 0 ? halfStar(v) : undefined}
          type="radio"
          name={name}
          value={v}
          aria-label={ratingLabel(v)}
          checked={v === shown}
          onChange={() => {
            setDraft(v);
            send(v);
          }}
          onPointerEnter={(event) => {
            if (v > 0 && event.pointerType === 'mouse') setHover(v);
          }}
        />
      ))}
    </div>
  );
}
