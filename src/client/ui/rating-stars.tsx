/**
 * A rating's stars as one picture: one SVG path, filled up to the value by a gradient's stop,
 * the same size and stars as Mantine's Rating (its StarIcon). Drawn by the rating control
 * (rating-input.tsx) under its radios; read by nobody (the radios say the value).
 */
import { useId } from 'react';
import classes from './rating.module.css';

/** Mantine's star (Rating's StarIcon), on a 24-unit square. */
const STAR = 'l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

export function RatingStars({ value, count }: { value: number; count: number }) {
  const fill = `rating-fill-${useId().replace(/:/g, '')}`;
  const stars = Array.from({ length: count }, (_, i) => `M${12 + 24 * i} 17.75${STAR}`).join('');
  const filled = `${(Math.min(Math.max(value, 0), count) / count) * 100}%`;
  return (
    <svg
      className={classes.stars}
      style={{ aspectRatio: `${count} / 1` }}
      viewBox={`0 0 ${24 * count} 24`}
      aria-hidden="true"
      focusable="false"
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
