/**
 * A rating's stars as one picture (one SVG path, filled up to the value), drawn where the
 * rating control will be until it is (rating-input.tsx): the same size and the same stars as
 * Mantine's Rating, so nothing moves when the control replaces it. A click is read as the
 * control would read it, half a star at a time; keyboard focus asks for the control. Focus
 * from a press does not: the picture would be replaced between the press and its click.
 */
import { useId, type FocusEvent, type MouseEvent } from 'react';
import classes from './rating-preview.module.css';

/** Mantine's star (Rating's StarIcon), on a 24-unit square. */
const STAR = 'l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

export type RatingPreviewProps = {
  value: number;
  count: number;
  step: number;
  /** What a screen reader says: what is rated, and the value. */
  label: string;
  /** Keyboard focus (:focus-visible). */
  onFocus: () => void;
  /** A click, with the rating at the point clicked (one step at least). */
  onPick: (rating: number) => void;
};

export function RatingPreview({ value, count, step, label, onFocus, onPick }: RatingPreviewProps) {
  const fill = `rating-fill-${useId().replace(/:/g, '')}`;
  const stars = Array.from({ length: count }, (_, i) => `M${12 + 24 * i} 17.75${STAR}`).join('');
  const filled = `${(Math.min(value, count) / count) * 100}%`;

  const pick = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const along = (rtl ? box.right - event.clientX : event.clientX - box.left) / box.width;
    onPick(Math.min(count, Math.max(step, Math.ceil((along * count) / step) * step)));
  };

  return (
    <svg
      className={classes.stars}
      style={{ aspectRatio: `${count} / 1` }}
      viewBox={`0 0 ${24 * count} 24`}
      role="img"
      aria-label={label}
      tabIndex={0}
      onFocus={(event: FocusEvent<SVGSVGElement>) => {
        if (event.currentTarget.matches(':focus-visible')) onFocus();
      }}
      onClick={pick}
    >
      <defs>
        <linearGradient id={fill}>
          <stop offset={filled} className={classes.filled} />
          <stop offset={filled} className={classes.empty} />
        </linearGradient>
      </defs>
      <path d={stars} fill={`url(#${fill})`} stroke={`url(#${fill})`} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
