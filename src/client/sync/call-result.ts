/** Turns an HTTP outcome into the CallResult the screens show (api.ts). */
import type { CallResult } from './api';
import type { HttpResult } from './http';

export function toCallResult<T, R>(result: HttpResult<T>, pick: (data: T | undefined) => R): CallResult<R> {
  if (result.kind === 'ok') {
    return { ok: true, status: result.status, message: result.body.message, data: pick(result.body.data) };
  }
  if (result.kind === 'retryable') {
    return result.offline
      ? { ok: false, status: result.status, message: result.message, offline: true }
      : { ok: false, status: result.status, message: result.message };
  }
  if (result.kind === 'rejected' && result.errors) {
    return { ok: false, status: result.status, message: result.message, errors: result.errors };
  }
  return { ok: false, status: result.status, message: result.message };
}
