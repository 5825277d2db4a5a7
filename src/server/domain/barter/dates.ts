/**
 * The barter form's date rules (spec §5): start not in the past, end not before start,
 * appear date neither in the past nor after the start. "Today" is the earliest calendar day
 * that is still today somewhere (UTC−12), so a member late in the evening west of us is
 * never told their today is the past; dates are calendar days, compared as YYYY-MM-DD.
 */
import { BARTER_MESSAGES, FILTER_SPAN_DAYS, type BarterForm } from '../../../contract/barter';
import { HttpError } from '../../http-error';

const DAY_MS = 86_400_000;

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The earliest "today" on Earth. */
export const earliestToday = (now = Date.now()): string => isoDay(now - 12 * 3_600_000);
/** The date on the server (UTC): what appear dates are compared with when listing. */
export const utcToday = (now = Date.now()): string => isoDay(now);
export const addDays = (day: string, days: number): string => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Field errors of the form's dates, all at once (the drawer shows each under its field). */
export function checkFormDates(form: BarterForm, now = Date.now()): void {
  const today = earliestToday(now);
  const errors: Record<string, string[]> = {};
  const appear = form.serviceAppearDate ?? today;
  if (form.fromdate < today) errors.fromdate = [BARTER_MESSAGES.startPast];
  if (form.todate && form.todate < form.fromdate) errors.todate = [BARTER_MESSAGES.endBeforeStart];
  if (appear < today) errors.serviceAppearDate = [BARTER_MESSAGES.appearPast];
  else if (appear > form.fromdate) errors.serviceAppearDate = [BARTER_MESSAGES.appearAfterStart];
  if (Object.keys(errors).length > 0) throw new HttpError(400, 'Please check the dates.', errors);
}

/** The list filter's window: [fromdate, todate], todate defaulting to a week on; at most a week. */
export function filterWindow(fromdate?: string, todate?: string): { from: string; to: string } | null {
  if (!fromdate && !todate) return null;
  const from = fromdate ?? todate!;
  const to = todate ?? addDays(from, FILTER_SPAN_DAYS);
  if (to < from) throw new HttpError(400, 'Please check the dates.', { todate: [BARTER_MESSAGES.endBeforeStart] });
  if (to > addDays(from, FILTER_SPAN_DAYS)) throw new HttpError(400, 'Please check the dates.', { todate: [BARTER_MESSAGES.spanTooLong] });
  return { from, to };
}
