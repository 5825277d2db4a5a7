/** The footer's 'Used Size' (spec §2.3): a little used reads as such, not as 0%. */
import { describe, expect, it } from 'vitest';
import { usedLabel, usedPercent } from '../../src/client/shell/main-layout/main-footer';

describe('used size', () => {
  it('rounds to a tenth of a percent, clamped, and says when a little is used', () => {
    expect(usedPercent({ allocatedSize: 1024, remainingSize: 512 })).toBe(50);
    expect(usedLabel({ allocatedSize: 1024, remainingSize: 1024 })).toBe('0%');
    expect(usedLabel({ allocatedSize: 1024, remainingSize: 1023.7 })).toBe('< 0.1%');
    expect(usedLabel({ allocatedSize: 1024, remainingSize: 1000 })).toBe('2.3%');
    expect(usedLabel({ allocatedSize: 0, remainingSize: 0 })).toBe('0%');
    expect(usedLabel({ allocatedSize: 10, remainingSize: -5 })).toBe('100%');
  });
});
