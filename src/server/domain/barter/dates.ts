/**
 * The barter form's date rules on the server (contract/barter.ts barterDateErrors, the
 * drawer's own check too), and the list filter's window. "Today" for the form is the
 * earliest calendar day that is still today somewhere (UTC−12), so a member late in the
 * evening west of us is never told their today is the past; dates are calendar days,
 * compared as YYYY-MM-DD.
 */
import { addDays, barterDateErrors, BARTER_MESSAGES, FILTER_SPAN_DAYS, isoDay, type BarterForm } from '../../../contract/barter';
import { HttpError } from '../../http-error';

export { addDays, earliestToday } from '../../../contract/barter';
/** The date on the server (UTC): what appear dates are compared with when listing. */
export const utcToday = (now = Date.now()): string => isoDay(now);

/** Field errors of the form's dates, all at once (the drawer shows each under its field). */
export function checkFormDates(form: BarterForm, now = Date.now()): void {
  const errors = barterDateErrors(form, now);
  if (Object.keys(errors).length > 0) {
    throw new HttpError(400, 'Please check the dates.', Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])));
  }
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
