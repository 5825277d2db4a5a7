/**
 * Accent and case folding for place search: 'São Paulo' and 'sao pa' meet at 'sao paulo'.
 * Letters NFD does not split (ß, ø, æ, ł …) are spelled out the way people type them.
 */
const SPELLED: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };
const SPELLED_RE = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');

export function fold(text: string): string {
  let s = text.toLowerCase();
  // Most names are plain ASCII: skip the Unicode work (a third of the index build).
  if (!/^[\x20-\x7e]*$/.test(s)) s = s.normalize('NFD').replace(/\p{M}+/gu, '').replace(SPELLED_RE, (c) => SPELLED[c] ?? c);
  return s
    .replace(/['’`ʻ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
