/** The day line of a conversation (telex/components/message-list.tsx): Today, Yesterday, then the date. */
import { describe, expect, it } from 'vitest';
import { dayLabel } from '../../src/client/telex/components/message-list';

describe('dayLabel', () => {
  const now = new Date(2026, 10, 25, 9, 30);
  it('names today and yesterday on the device calendar, older days by weekday and date', () => {
    expect(dayLabel(new Date(2026, 10, 25, 0, 5).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 23, 55).toISOString(), now)).toBe('Yesterday');
    const older = dayLabel(new Date(2026, 10, 22, 12, 0).toISOString(), now);
    expect(older).not.toMatch(/Today|Yesterday/);
    expect(older).toContain('22');
  });
});
