/** The crop view's zoom keys (ui/picture/crop-view.tsx): + and − by the spec's 0.1 step, within 1 to 3. */
import { describe, expect, it } from 'vitest';
import { ZOOM, zoomByKey } from '../../src/client/ui/picture/crop-view';

describe('zoomByKey', () => {
  it('zooms in and out by one step, to one decimal', () => {
    expect(zoomByKey(1, '+')).toBe(1.1);
    expect(zoomByKey(1, '=')).toBe(1.1);
    expect(zoomByKey(1.7, 'PageUp')).toBe(1.8);
    expect(zoomByKey(2, '-')).toBe(1.9);
    expect(zoomByKey(0.1 + 0.2 + 1, 'PageDown')).toBe(1.2);
  });

  it('stays within the spec range', () => {
    expect(zoomByKey(ZOOM.max, '+')).toBe(ZOOM.max);
    expect(zoomByKey(ZOOM.min, '-')).toBe(ZOOM.min);
  });

  it('leaves other keys (the arrows move the picture) alone', () => {
    expect(zoomByKey(2, 'ArrowUp')).toBeUndefined();
    expect(zoomByKey(2, 'a')).toBeUndefined();
  });
});
