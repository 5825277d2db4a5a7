/**
 * Which sub-layout a path gets (spec §2.2): the own suite, another member's suite,
 * a circle, a slate, or none (/, /barter, /telex and the rest).
 * Decision: the spec names exactly /suite for the own suite layout; its child pages
 * (/suite/vault, /suite/billionetts, …) keep its menu bar without the profile panel,
 * so the member can move between them — see SuiteLayout's `compact`.
 */
export type SubLayout =
  | { kind: 'suite'; compact: boolean }
  | { kind: 'billionett'; code: string }
  | { kind: 'circle'; code: string }
  | { kind: 'slate'; code: string }
  | { kind: 'none' };

export function subLayoutOf(pathname: string): SubLayout {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/suite') return { kind: 'suite', compact: false };
  if (path.startsWith('/suite/')) return { kind: 'suite', compact: true };
  const [first = '', code = ''] = path.split('/').filter(Boolean);
  if (first.startsWith('billionett') && code) return { kind: 'billionett', code: decodeURIComponent(code) };
  if (first.startsWith('circle') && code) return { kind: 'circle', code: decodeURIComponent(code) };
  if (first.startsWith('slate') && code) return { kind: 'slate', code: decodeURIComponent(code) };
  return { kind: 'none' };
}
