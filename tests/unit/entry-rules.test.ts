/**
 * The entry form's §5 rules as the composer and the server share them (contract/entries.ts):
 * poll options, the Entry-type "something to post", occasion/transit periods and places,
 * Theatre = one video, ratings in half steps, and the queued kinds' targets.
 */
import { describe, expect, it } from 'vitest';
import { ENTRY_MESSAGES, entryForm, pollErrors, rateForm, startIsAfterToday } from '../../src/contract/entries';
import { mutations } from '../../src/contract/mutations';
import { targets } from '../../src/contract/targets';

const code = '01900000-0000-7000-8000-000000000001';
const now = new Date(2026, 10, 21, 10, 0);
const place = { placeId: 'lagos', latitude: 6.45, longitude: 3.39, place: 'Lagos' };
const issues = (body: object) => {
  const r = entryForm.safeParse({ userPostCode: code, ...body });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('entry rules', () => {
  it('polls need a question and 2–3 non-blank options', () => {
    expect(pollErrors({ pollingQuestion: 'Q', pollingAnswer1: 'a', pollingAnswer2: 'b' })).toEqual({});
    expect(pollErrors({ pollingQuestion: 'Q', pollingAnswer1: 'a', pollingAnswer2: 'b', pollingAnswer3: 'c' })).toEqual({});
    expect(pollErrors({ pollingQuestion: ' ', pollingAnswer1: 'a', pollingAnswer2: '' })).toEqual({
      pollingQuestion: ENTRY_MESSAGES.pollQuestionRequired,
      pollingAnswers: 'At least 2 options need!',
      pollingAnswer2: 'Please enter option 2',
    });
    expect(pollErrors({ pollingQuestion: 'Q', pollingAnswer1: 'a', pollingAnswer2: 'b', pollingAnswer3: '  ' })).toEqual({ pollingAnswer3: 'Please enter option 3' });
  });

  it('a start today or earlier is refused; tomorrow is fine', () => {
    expect(startIsAfterToday(new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe(false);
    expect(startIsAfterToday(new Date(2026, 10, 20, 12, 0).toISOString(), now)).toBe(false);
    expect(startIsAfterToday(new Date(2026, 10, 22, 0, 0).toISOString(), now)).toBe(true);
  });

  it('checks each type', () => {
    expect(issues({ featureCode: 5 })).toEqual({ postDescription: ENTRY_MESSAGES.entryEmpty });
    expect(issues({ featureCode: 5, postTags: ['u1'] })).toEqual({});
    expect(issues({ featureCode: 5, emojiCode: 'F01' })).toEqual({});
    expect(issues({ featureCode: 1 })).toEqual({ pollingDetails: ENTRY_MESSAGES.pollQuestionRequired });
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    expect(issues({ featureCode: 2, fromDateTime: soon, toDateTime: null, fromLocationDetails: place })).toEqual({});
    expect(issues({ featureCode: 2 })).toEqual({ fromDateTime: ENTRY_MESSAGES.periodRequired, fromLocationDetails: ENTRY_MESSAGES.fromLocationRequired });
    expect(issues({ featureCode: 3, fromDateTime: later, toDateTime: soon, fromLocationDetails: place })).toEqual({
      toDateTime: ENTRY_MESSAGES.endBeforeStart,
      toLocationDetails: ENTRY_MESSAGES.toLocationRequired,
    });
    expect(issues({ featureCode: 4, postGalleries: [{ path: '/media/gallery/a.mp4', mediaType: 'video' }] })).toEqual({});
    expect(issues({ featureCode: 4, postGalleries: [{ path: '/media/gallery/a.webp' }] })).toEqual({ postGalleries: ENTRY_MESSAGES.theatreVideo });
  });

  it('rates in half steps out of 5', () => {
    expect(rateForm.safeParse({ rating: 3.5 }).success).toBe(true);
    expect(rateForm.safeParse({ rating: 0 }).success).toBe(false);
    expect(rateForm.safeParse({ rating: 4.2 }).success).toBe(false);
    expect(rateForm.safeParse({ rating: 5.5 }).success).toBe(false);
  });

  it('queues every write on an entry behind the entry', () => {
    const postCode = code;
    expect(mutations['entry.create'].target({ userCode: 'u', postType: 'user', data: { userPostCode: code, featureCode: 5, postDescription: 'x' } } as never)).toBe(targets.entry(code));
    expect(mutations['comment.create'].target({ userCode: 'u', postCode, data: { commentCode: code, comment: 'x' } } as never)).toBe(targets.entry(code));
    expect(mutations['entry.create'].path({ userCode: 'u', postType: 'user', profileCode: 'abc' } as never)).toBe('user/post?postType=user&profileCode=abc');
    expect(mutations['comment.react'].path({ postCode, data: { exp: 'none' } } as never)).toBe(`user/post/${code}/comment/likeOrUnlikeComment/none`);
  });
});
