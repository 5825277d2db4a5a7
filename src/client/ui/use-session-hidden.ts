/**
 * Cards a member put aside on this device for this session: an invite row's 'Later', an
 * ask's 'Close' (spec §2.10). Nothing is sent and nothing is stored: the set lives in
 * memory until the app is reloaded or closed, so coming back to the screen keeps the
 * rows hidden, while the server's lists (and every other device) stay as they are, and
 * nothing outlives a checkout. Kept per member and per list (`scope`).
 */
import { useCallback, useState } from 'react';

const hidden = new Map<string, ReadonlySet<string>>();
const EMPTY: ReadonlySet<string> = new Set();

export function useSessionHidden(me: string, scope: string): [ReadonlySet<string>, (code: string) => void] {
  const key = `${me}|${scope}`;
  const [codes, setCodes] = useState<{ key: string; set: ReadonlySet<string> }>(() => ({ key, set: hidden.get(key) ?? EMPTY }));
  const hide = useCallback(
    (code: string) => {
      const next = new Set(hidden.get(key) ?? EMPTY).add(code);
      hidden.set(key, next);
      setCodes({ key, set: next });
    },
    [key],
  );
  // Another list (or member) on the same component: read its own set.
  return [codes.key === key ? codes.set : (hidden.get(key) ?? EMPTY), hide];
}
