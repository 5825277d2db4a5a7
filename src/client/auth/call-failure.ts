/**
 * What a screen says when an auth call fails. The worker's CallResult already
 * carries a readable message; the spec fixes some texts per screen (a refused
 * checkin always reads 'Email/Mobile or password invalid.'), and a few cases are
 * the same everywhere: offline, and too many attempts.
 */
import { HTTP_TIMEOUT_MS } from '../../contract/codes';
import { MESSAGES } from '../../contract/rules';
import type { CallResult } from '../sync/api';

export type CallFailure = Extract<CallResult, { ok: false }>;

/** A call that threw (the worker could not start or crashed) reads as a failure too. */
export const WORKER_FAILURE: CallFailure = {
  ok: false,
  status: 0,
  message: 'Billionett could not reach its background service. Reload the page and try again.',
};

/**
 * The text to show: offline and rate-limit messages as they are; a refusal (4xx)
 * in the screen's own words when it has them; anything else, the server's message.
 */
export function failureText(result: CallFailure, refusedText?: string): string {
  if (result.offline) return result.message;
  if (result.status === 429) return MESSAGES.rateLimited;
  if (refusedText && result.status >= 400 && result.status < 500) return refusedText;
  return result.message || refusedText || WORKER_FAILURE.message;
}

/**
 * The server's field errors (keys like `body.activationCode`) as one message per
 * plain field name, ready for a form's setErrors.
 */
export function fieldErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = key.replace(/^(body|query|params)\./, '');
    if (messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}

/**
 * Awaits a worker call, turning a thrown error into a failure result. A worker that
 * never started (its script failed to load) leaves a Comlink call pending forever,
 * so the wait is capped a little beyond the worker's own HTTP timeout: a button
 * never spins for good.
 */
export async function callSafely<T>(call: () => Promise<CallResult<T>>): Promise<CallResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<CallResult<T>>((resolve) => {
    timer = setTimeout(() => resolve(WORKER_FAILURE), HTTP_TIMEOUT_MS + 5_000);
  });
  try {
    return await Promise.race([call(), gaveUp]);
  } catch {
    return WORKER_FAILURE;
  } finally {
    clearTimeout(timer);
  }
}
