import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/lib/backoff';

describe('backoffDelay', () => {
  it('starts at 250 ms, doubles, and caps at 10 s (spec §9)', () => {
    expect(Array.from({ length: 9 }, (_, attempt) => backoffDelay(attempt))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });

  it('treats a negative or non-finite attempt as the first', () => {
    expect(backoffDelay(-3)).toBe(250);
    expect(backoffDelay(Number.NaN)).toBe(250);
  });

  it('stays finite and capped for huge attempt counts', () => {
    expect(backoffDelay(10_000)).toBe(10_000);
    expect(backoffDelay(Number.MAX_SAFE_INTEGER)).toBe(10_000);
  });

  it('honours a custom start and cap', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, 100, 300))).toEqual([100, 200, 300, 300]);
  });
});
