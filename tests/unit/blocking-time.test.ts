/** Home's blocking time counts as Lighthouse's total blocking time does: from the first contentful paint (decision 0083). */
import { describe, expect, it } from 'vitest';
import { blockingTime } from '../bench/main-thread-trace';

const ms = (start: number, length: number) => ({ ts: start * 1000, dur: length * 1000 });

describe('blockingTime', () => {
  it('counts each task past 50 ms', () => {
    expect(blockingTime([ms(0, 120), ms(200, 50), ms(300, 49), ms(400, 80)], 0)).toBe(70 + 30);
  });

  it('leaves out a task that ended before the paint, and counts one under way at the paint from the paint', () => {
    // 0-100 ends before the paint at 150; 140-260 counts 110 ms of its 120; 300-380 counts whole.
    expect(blockingTime([ms(0, 100), ms(140, 120), ms(300, 80)], 150_000)).toBe(60 + 30);
  });

  it('counts nothing of a task whose part after the paint is 50 ms or less', () => {
    expect(blockingTime([ms(100, 100)], 150_000)).toBe(0);
  });
});
