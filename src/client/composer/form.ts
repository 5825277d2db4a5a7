/**
 * The entry composer's form (spec/product.md §2.6, §4 "Entry composer", §5 "Entry",
 * "Poll", "Dates"): plain data and pure rules, so the drawer, the draft and the tests
 * share one definition. Dates are kept as the spec's 'YYYY-MM-DD HH:mm' strings.
 */
import { DEFAULT_PRIVACY_CODE, ENTRY_TYPE } from '../../contract/codes';
import {
  ENTRY_MESSAGES,
  ENTRY_TYPE_NAMES,
  entryErrors,
  pollErrors as contractPollErrors,
  type entryFormBase,
  type PollingDetailsIn,
  type PostGallery,
} from '../../contract/entries';
import type { z } from 'zod';

type EntryFormOut = z.infer<typeof entryFormBase>;

export type EntryType = (typeof ENTRY_TYPE)[keyof typeof ENTRY_TYPE];
/** Tab order of the drawer and the spec's names ('{type name} Created'). */
export const ENTRY_TYPES: { type: EntryType; name: string }[] = [
  { type: ENTRY_TYPE.entry, name: 'Entry' },
  { type: ENTRY_TYPE.poll, name: 'Poll' },
  { type: ENTRY_TYPE.occasion, name: 'Occasion' },
  { type: ENTRY_TYPE.transit, name: 'Transit' },
  { type: ENTRY_TYPE.theatre, name: 'Theatre' },
];
export const typeName = (type: EntryType) => ENTRY_TYPE_NAMES[type] ?? 'Entry';

/** Where the entry goes: the title says '{my suite | {name}'s suite | {name}'s circle | {name}'s slate}'. */
export type ComposerTarget =
  | { kind: 'own' }
  | { kind: 'suite'; code: string; name: string }
  | { kind: 'circle'; code: string; name: string }
  | { kind: 'slate'; code: string; name: string };

export const composerTitle = (type: EntryType, target: ComposerTarget) =>
  `Create ${typeName(type)} on ${target.kind === 'own' ? 'my suite' : `${target.name}'s ${target.kind}`}`;

export type Place = { place: string; latitude: number; longitude: number; placeId: string };
export type Tag = { userCode: string; displayName: string };
export type Emotion = { emojiType: 'feeling' | 'activity'; emojiCode: string; emojiName: string; emojiDisplay: string; emojiIcon: string };
export type Poll = { question: string; options: string[] };
/** A picked file; the blob itself stays in component state until submit (never in the draft). */
export type Pick = { id: string; name: string; type: string; mediaType: 'image' | 'video' | 'audio'; width: number; height: number };

export type ComposerForm = {
  type: EntryType;
  description: string;
  privacyCode: number;
  tags: Tag[];
  feeling: Emotion | null;
  activity: Emotion | null;
  poll: Poll | null;
  from: Place | null;
  to: Place | null;
  start: string | null;
  end: string | null;
  picks: Pick[];
};

export const emptyForm = (): ComposerForm => ({
  type: ENTRY_TYPE.entry,
  description: '',
  privacyCode: DEFAULT_PRIVACY_CODE,
  tags: [],
  feeling: null,
  activity: null,
  poll: null,
  from: null,
  to: null,
  start: null,
  end: null,
  picks: [],
});

/** §4: choosing type 1, 5, 2 or 3 clears the from and to locations. */
export function chooseType(form: ComposerForm, type: EntryType): ComposerForm {
  const clears = ([1, 5, 2, 3] as number[]).includes(type);
  return clears ? { ...form, type, from: null, to: null } : { ...form, type };
}

/** The entry form the server takes (contract/entries.ts), built from the composer's state. */
export function toEntryForm(form: ComposerForm, userPostCode: string, galleries: PostGallery[]): EntryFormOut {
  const periodic = form.type === ENTRY_TYPE.occasion || form.type === ENTRY_TYPE.transit;
  return {
    userPostCode,
    featureCode: form.type,
    postDescription: form.description,
    postGalleries: galleries,
    postTags: form.tags.map((t) => t.userCode),
    emojiCode: form.feeling?.emojiCode ?? null,
    activityCode: form.activity?.emojiCode ?? null,
    privacyCode: form.privacyCode as 1 | 2 | 3,
    fromLocationDetails: form.from ?? null,
    toLocationDetails: form.type === ENTRY_TYPE.transit ? (form.to ?? null) : null,
    // §5: an occasion or transit without an end sends a null end date.
    fromDateTime: periodic && form.start ? toIso(form.start) : null,
    toDateTime: periodic && form.end ? toIso(form.end) : null,
    pollingDetails: form.type === ENTRY_TYPE.poll && form.poll ? toPolling(form.poll) : null,
  };
}

export function toPolling(poll: Poll): Required<PollingDetailsIn> {
  const [a1 = '', a2 = '', a3 = ''] = poll.options;
  return {
    pollingQuestion: poll.question,
    pollingAnswer1: a1,
    pollingAnswer1Response: 0,
    pollingAnswer2: a2,
    pollingAnswer2Response: 0,
    pollingAnswer3: a3,
    pollingAnswer3Response: 0,
  };
}

/** The drawer's galleries before upload: each picked file named by its blob. */
export const pickGalleries = (picks: Pick[]): PostGallery[] =>
  picks.map((p, order) => ({ path: `blob:${p.id}`, width: p.width, height: p.height, albumName: '', order, mediaType: p.mediaType }));

/** §5 "Entry", "Poll", "Dates": the server's own rules, so both sides agree on validity. */
export function formErrors(form: ComposerForm, now: Date = new Date()): Record<string, string> {
  return entryErrors(toEntryForm(form, '00000000-0000-7000-8000-000000000000', pickGalleries(form.picks)), now);
}
export const isValid = (form: ComposerForm, now?: Date) => Object.keys(formErrors(form, now)).length === 0;

/** §5 "Poll" messages in order: 'At least 2 options need!', then 'Please enter option {n}'. */
export function pollMessages(poll: Poll): string[] {
  if (poll.options.length < 2) return [ENTRY_MESSAGES.pollMinOptions];
  return Object.values(contractPollErrors(toPolling(poll)));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm' (spec §5 "Dates") of a Date, local time. */
export const formatDateTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** The input's 'YYYY-MM-DDTHH:mm' ⇄ the spec's 'YYYY-MM-DD HH:mm'. */
export const fromInput = (value: string) => (value ? value.replace('T', ' ').slice(0, 16) : null);
export const toInput = (value: string | null) => (value ? value.replace(' ', 'T') : '');
/** A local 'YYYY-MM-DD HH:mm' as an ISO instant (the server keeps instants). */
const toIso = (value: string) => new Date(value.replace(' ', 'T')).toISOString();

/** §5 "Dates": a start date cannot be today or earlier. */
export function startAllowed(start: string, now: Date = new Date()): boolean {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return start >= formatDateTime(tomorrow);
}
/** §5 "Dates": the end cannot precede the start. */
export const endAllowed = (start: string, end: string) => end >= start;

/** §2.6: at most 2 names then '+N others'. */
export function tagSummary(tags: Tag[]): string {
  if (tags.length === 0) return '';
  const names = tags.slice(0, 2).map((t) => t.displayName).join(', ');
  return tags.length > 2 ? `${names} +${tags.length - 2} others` : names;
}
