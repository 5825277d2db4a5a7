/**
 * "Checked for existence on blur" (spec/product.md §5 Registration): asks the
 * worker whether an e-mail or mobile already has an account. Only the latest
 * question counts; a slow answer for an older value never overwrites a newer one.
 *
 * 'unknown' (offline, server trouble) does not block registration: the server
 * refuses a duplicate at sign-up anyway, and says so.
 */
import { useCallback, useRef, useState } from 'react';
import { sync } from '../../sync/client';
import { callSafely } from '../call-failure';

export type UsernameStatus = 'pending' | 'free' | 'exists' | 'unknown';
export type UsernameCheck = { value: string; status: UsernameStatus };

export function useUsernameCheck() {
  const [state, setState] = useState<UsernameCheck | null>(null);
  const latest = useRef(0);
  const known = useRef(new Map<string, 'free' | 'exists'>());

  const check = useCallback(async (raw: string): Promise<UsernameStatus> => {
    const value = raw.trim();
    const cached = known.current.get(value);
    const ticket = ++latest.current;
    if (cached) {
      setState({ value, status: cached });
      return cached;
    }
    setState({ value, status: 'pending' });
    const result = await callSafely(() => sync.validateUsername(value));
    const status: UsernameStatus = !result.ok ? 'unknown' : result.data.exists ? 'exists' : 'free';
    if (status !== 'unknown') known.current.set(value, status);
    if (ticket === latest.current) setState({ value, status });
    return status;
  }, []);

  /** The status of `value`, or null when it has not been checked. */
  const statusOf = (value: string): UsernameStatus | null =>
    state && state.value === value.trim() ? state.status : null;

  return { check, statusOf };
}
