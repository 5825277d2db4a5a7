/**
 * The shape of the generated circles and slates: circles.ts makes them, circle-entries.ts
 * posts on them. Their own module, so neither of those two imports the other back.
 */
import type { CircleDef } from './data/circles';

export type SeedOrigin = {
  code: string;
  def: CircleDef;
  admin: number;
  privacyCode: number;
  statusCode: number;
  /** Circle: its members (the admin first). Slate: its followers (never the admin). */
  people: number[];
  daysAgo: number;
};

export type SeedCircles = { circles: SeedOrigin[]; slates: SeedOrigin[] };
