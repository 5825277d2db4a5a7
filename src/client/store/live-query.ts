/**
 * The UI's one way to read the device database: dexie-react-hooks' useLiveQuery, with two
 * differences that matter on a slow phone.
 * - An answer equal to what the hook shows (the same rows read again after a write elsewhere:
 *   the sync worker mirroring a feed page it already had, a page's fetch time moving on) is
 *   not passed on: before, each such write re-rendered the screens reading it, whole feeds
 *   of cards, for nothing. That includes the first answer when it equals the default the
 *   hook was given (an unread count of 0, rows read before React by early-start.ts): the
 *   main layout's four live queries each re-rendered the whole shell once more just after it
 *   opened, for an answer it already showed. What the hook shows is kept across its
 *   re-subscriptions (useObservable keeps the last answer when the deps change), so an answer
 *   is compared with that, not with the default.
 * - A new answer re-renders in a React transition: rendered in slices between which the
 *   browser paints and answers input, instead of one long task (BUDGETS.md, Lighthouse's
 *   total blocking time); a member's own input stays urgent.
 * Equal means the same plain data: arrays and plain objects are compared by their contents,
 * anything else (a Blob, a Date) only to itself, so a new picture is never taken for the old.
 */
import { liveQuery, type Observable } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { startTransition, useRef } from 'react';

export function useLiveQuery<T>(querier: () => Promise<T> | T, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, D>(querier: () => Promise<T> | T, deps: unknown[], defaultResult: D): T | D;
export function useLiveQuery<T, D>(querier: () => Promise<T> | T, deps: unknown[] = [], defaultResult?: D): T | D | undefined {
  // What the hook shows now: the default until an answer differs from it, then that answer.
  const shown = useRef<unknown>(defaultResult);
  return useObservable(() => changesOnly(liveQuery(querier), shown), deps, defaultResult);
}

type Next<T> = (value: T) => void;
type Fail = (error: unknown) => void;
type Observer<T> = { next?: Next<T>; error?: Fail };

/** `observable`'s answers, each only when it differs from what is `shown`, delivered in a transition. */
function changesOnly<T>(observable: Observable<T>, shown: { current: unknown }) {
  return {
    subscribe(nextOrObserver?: Next<T> | Observer<T>, onError?: Fail) {
      const observer = typeof nextOrObserver === 'function' ? { next: nextOrObserver, error: onError } : (nextOrObserver ?? {});
      return observable.subscribe({
        next(value) {
          if (samePlainData(shown.current, value)) return;
          shown.current = value;
          startTransition(() => observer.next?.(value));
        },
        error: (error) => observer.error?.(error),
      });
    },
  };
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Whether `a` and `b` hold the same plain data (arrays and plain objects by content, all else by identity). */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => samePlainData(item, b[i]));
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(y, key) && samePlainData(x[key], y[key]));
}
