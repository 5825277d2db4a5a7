/** The composer's pure rules (spec §2.6, §4, §5): title, type switch, validity, poll, dates, tags. */
import { describe, expect, it } from 'vitest';
import {
  chooseType,
  composerTitle,
  emptyForm,
  endAllowed,
  fromInput,
  isValid,
  pollMessages,
  startAllowed,
  tagSummary,
  toEntryForm,
} from '../../src/client/composer/form';

const place = { place: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39, placeId: '2332459' };
const now = new Date(2026, 10, 21, 10, 0);

describe('composer form', () => {
  it('titles the drawer by type and target', () => {
    expect(composerTitle(5, { kind: 'own' })).toBe('Create Entry on my suite');
    expect(composerTitle(1, { kind: 'suite', code: 'u1', name: 'Jonas' })).toBe("Create Poll on Jonas's suite");
    expect(composerTitle(2, { kind: 'circle', code: 'g1', name: 'Makers' })).toBe("Create Occasion on Makers's circle");
    expect(composerTitle(4, { kind: 'slate', code: 'p1', name: 'News' })).toBe("Create Theatre on News's slate");
  });

  it('clears the locations when type 1, 5, 2 or 3 is chosen, not for Theatre', () => {
    const f = { ...emptyForm(), from: place, to: place };
    for (const t of [1, 5, 2, 3] as const) expect(chooseType(f, t)).toMatchObject({ type: t, from: null, to: null });
    expect(chooseType(f, 4).from).toEqual(place);
  });

  it('an entry needs text, a file, a feeling, an activity, a location or a tag', () => {
    expect(isValid(emptyForm(), now)).toBe(false);
    expect(isValid({ ...emptyForm(), description: '   ' }, now)).toBe(false);
    expect(isValid({ ...emptyForm(), description: 'Hi' }, now)).toBe(true);
    expect(isValid({ ...emptyForm(), from: place }, now)).toBe(true);
    expect(isValid({ ...emptyForm(), tags: [{ userCode: 'u', displayName: 'A' }] }, now)).toBe(true);
  });

  it('a poll needs its question and 2 to 3 options', () => {
    expect(isValid({ ...emptyForm(), type: 1 }, now)).toBe(false);
    expect(isValid({ ...emptyForm(), type: 1, poll: { question: 'Tea?', options: ['Yes', 'No'] } }, now)).toBe(true);
    expect(pollMessages({ question: 'Tea?', options: ['Yes'] })).toEqual(['At least 2 options need!']);
    expect(pollMessages({ question: 'Tea?', options: ['Yes', ' '] })).toContain('Please enter option 2');
  });

  it('occasion and transit need a future start and the location(s); the end not before the start', () => {
    const occasion = { ...emptyForm(), type: 2 as const, start: '2026-11-23 09:00', from: place };
    expect(isValid(occasion, now)).toBe(true);
    expect(isValid({ ...occasion, start: '2026-11-21 23:00' }, now)).toBe(false);
    expect(isValid({ ...occasion, end: '2026-11-22 09:00' }, now)).toBe(false);
    expect(isValid({ ...occasion, type: 3 }, now)).toBe(false);
    expect(isValid({ ...occasion, type: 3, to: place }, now)).toBe(true);
    expect(startAllowed('2026-11-21 23:59', now)).toBe(false);
    expect(startAllowed('2026-11-22 00:00', now)).toBe(true);
    expect(endAllowed('2026-11-22 10:00', '2026-11-22 09:59')).toBe(false);
    expect(fromInput('2026-11-22T10:30')).toBe('2026-11-22 10:30');
  });

  it('sends no end date when none is chosen, and no CheckOut for an occasion', () => {
    const body = toEntryForm({ ...emptyForm(), type: 2, start: '2026-11-23 09:00', from: place, to: place }, '0190f7d8-0000-7000-8000-000000000001', []);
    expect(body.toDateTime).toBeNull();
    expect(body.toLocationDetails).toBeNull();
  });

  it('a Theatre entry needs its video', () => {
    const video = { id: 'v', name: 'clip.mp4', type: 'video/mp4', mediaType: 'video' as const, width: 800, height: 600 };
    expect(isValid({ ...emptyForm(), type: 4, description: 'Watch' }, now)).toBe(false);
    expect(isValid({ ...emptyForm(), type: 4, picks: [video] }, now)).toBe(true);
  });

  it('shows at most 2 tagged names then +N others', () => {
    const t = (n: string) => ({ userCode: n, displayName: n });
    expect(tagSummary([t('Ann'), t('Bo')])).toBe('Ann, Bo');
    expect(tagSummary([t('Ann'), t('Bo'), t('Cy'), t('Di')])).toBe('Ann, Bo +2 others');
  });
});
