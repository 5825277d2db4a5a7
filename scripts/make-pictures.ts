/**
 * Draws the member pictures into public/: default avatars by gender in the
 * three variant sizes (lg = primary, md = secondary, xs = tertiary), the plan
 * frames, and the privacy pictures shown where a member's data is hidden.
 * Run `npx tsx scripts/make-pictures.ts` after changing the art; outputs are committed.
 *
 * Geometry shared by all three (viewBox 0 0 100 100):
 * - avatars and privacy pictures fill the square and keep their art inside the
 *   inscribed circle, so they crop cleanly to a circle;
 * - a frame is a ring from r 42 to r 50 with a clear centre: draw the round avatar
 *   at 84 % of the frame's box, centred, and the frame on top of it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Gender = 'male' | 'female' | 'other';
const GENDERS: Gender[] = ['male', 'female', 'other'];

/** Muted, distinct backdrops so a list of default avatars is not one grey blur. */
const TONES: Record<Gender, { bg: string; bgDeep: string; figure: string; hair: string }> = {
  male: { bg: '#DCE4EF', bgDeep: '#C3CFDF', figure: '#7A8CA6', hair: '#5B6C86' },
  female: { bg: '#F0E1E4', bgDeep: '#E0C9CE', figure: '#A88491', hair: '#876371' },
  other: { bg: '#E2E8DF', bgDeep: '#CBD5C6', figure: '#849381', hair: '#667563' },
};

const SIZES = { lg: 256, md: 128, xs: 48 } as const;

const publicDir = resolve(import.meta.dirname, '../public');

function figure(gender: Gender, c: { figure: string; hair: string }, detail: boolean): string {
  const shoulders = gender === 'female'
    ? 'M22 100 C22 80 34 70 50 70 C66 70 78 80 78 100 Z'
    : 'M16 100 C16 78 31 68 50 68 C69 68 84 78 84 100 Z';
  const neck = `<rect x="44.5" y="54" width="11" height="16" rx="5" fill="${c.figure}"/>`;
  const head = `<ellipse cx="50" cy="40" rx="15.5" ry="17.5" fill="${c.figure}"/>`;
  // At 48 px the hair reads as noise; xs keeps the plain silhouette.
  let hairBack = '';
  let hairFront = '';
  if (detail && gender === 'female') {
    hairBack = `<path fill="${c.hair}" d="M31 42 C30 24 39 19 50 19 C61 19 70 24 69 42 C69 56 72 66 75 72 C66 74 58 70 56 64 H44 C42 70 34 74 25 72 C28 66 31 56 31 42 Z"/>`;
    hairFront = `<path fill="${c.hair}" d="M34.5 38 C35 27 42 22 50 22 C59 22 65.5 27 65.5 38 C60 33 52 31 46 27 C43 32 39 35 34.5 38 Z"/>`;
  } else if (detail && gender === 'male') {
    hairFront = `<path fill="${c.hair}" d="M34.5 38 C33.5 26 41 21 50.5 21 C60 21 66.5 26 65.5 38 C63 33 60 30.5 56 30 C50 29.5 42 31 34.5 38 Z"/>`;
  }
  return `${hairBack}<path d="${shoulders}" fill="${c.figure}"/>${neck}${head}${hairFront}`;
}

function avatar(gender: Gender, size: number): string {
  const t = TONES[gender];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="Default ${gender} avatar">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.bg}"/><stop offset="1" stop-color="${t.bgDeep}"/></linearGradient></defs>
<rect width="100" height="100" fill="url(#bg)"/>${figure(gender, t, size > 48)}</svg>\n`;
}

/** Ring colours: light edge, body, shadow edge — a gem or a metal. */
const FRAMES = {
  emerald: { light: '#6FE3B4', body: '#139266', dark: '#0A5A3E', gem: true },
  ruby: { light: '#F2808F', body: '#B3182C', dark: '#6E0C19', gem: true },
  sapphire: { light: '#86AFFB', body: '#1E4FB8', dark: '#0F2A6B', gem: true },
  gold: { light: '#F7E08E', body: '#C9A227', dark: '#8A6A12', gem: false },
  silver: { light: '#F4F6F8', body: '#AEB7C1', dark: '#6C7682', gem: false },
  bronze: { light: '#EDB986', body: '#B0733A', dark: '#6E4320', gem: false },
} as const;

function frame(name: keyof typeof FRAMES): string {
  const f = FRAMES[name];
  // Gem tiers carry a faceted stone in a gold setting; metal tiers a plain medallion.
  const ornament = f.gem
    ? `<path d="M50 87.6 L58.4 94 L50 99.8 L41.6 94 Z" fill="#C9A227" stroke="#8A6A12" stroke-width="0.6"/>
<path d="M50 89.6 L55.8 94 L50 98 L44.2 94 Z" fill="url(#sheen)"/><path d="M44.2 94 H55.8 M50 89.6 V98 M47 91.8 L53 96.2 M53 91.8 L47 96.2" stroke="${f.light}" stroke-width="0.35" stroke-opacity="0.75"/>`
    : `<circle cx="50" cy="94" r="5.6" fill="url(#sheen)" stroke="${f.dark}" stroke-width="0.6"/><circle cx="50" cy="94" r="3" fill="none" stroke="${f.light}" stroke-width="0.6"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 100 100" role="img" aria-label="${name} plan frame">
<defs><linearGradient id="sheen" x1="0.15" y1="0" x2="0.85" y2="1">
<stop offset="0" stop-color="${f.light}"/><stop offset="0.45" stop-color="${f.body}"/><stop offset="1" stop-color="${f.dark}"/></linearGradient></defs>
<circle cx="50" cy="50" r="45.6" fill="none" stroke="url(#sheen)" stroke-width="7.2"/>
<circle cx="50" cy="50" r="42.2" fill="none" stroke="${f.dark}" stroke-width="0.5" stroke-opacity="0.7"/>
<circle cx="50" cy="50" r="49.4" fill="none" stroke="${f.dark}" stroke-width="0.6"/>
<circle cx="50" cy="50" r="47.6" fill="none" stroke="${f.light}" stroke-width="0.5" stroke-opacity="0.55" stroke-dasharray="1.2 2.2"/>
${ornament}</svg>\n`;
}

/** The figure in muted greys with a navy-and-gold padlock: "this is hidden". */
function privacy(gender: Gender): string {
  const grey = { figure: '#B9C1CC', hair: '#A3ACB9' };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 100 100" role="img" aria-label="Hidden by privacy">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#EEF1F5"/><stop offset="1" stop-color="#DEE3EA"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#EBD27A"/><stop offset="1" stop-color="#A8851C"/></linearGradient></defs>
<rect width="100" height="100" fill="url(#bg)"/>${figure(gender, grey, true)}
<circle cx="68" cy="68" r="18" fill="#0B1B33" stroke="url(#gold)" stroke-width="1.8"/>
<g transform="translate(68 69.5) scale(0.74)" fill="url(#gold)">
<path d="M-6.5 -3 V-8 C-6.5 -12.5 -3.6 -15 0 -15 C3.6 -15 6.5 -12.5 6.5 -8 V-3" fill="none" stroke="url(#gold)" stroke-width="3" stroke-linecap="round"/>
<path fill-rule="evenodd" d="M-10 -4 H10 A2.5 2.5 0 0 1 12.5 -1.5 V10 A2.5 2.5 0 0 1 10 12.5 H-10 A2.5 2.5 0 0 1 -12.5 10 V-1.5 A2.5 2.5 0 0 1 -10 -4 Z
M0 1 A2.6 2.6 0 0 0 -1.3 5.8 L-2 9 H2 L1.3 5.8 A2.6 2.6 0 0 0 0 1 Z"/>
</g></svg>\n`;
}

function write(rel: string, text: string): void {
  const file = resolve(publicDir, rel);
  mkdirSync(resolve(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

for (const g of GENDERS) {
  for (const [variant, px] of Object.entries(SIZES)) write(`avatars/${g}-${variant}.svg`, avatar(g, px));
  write(`privacy/${g}.svg`, privacy(g));
}
for (const name of Object.keys(FRAMES) as (keyof typeof FRAMES)[]) write(`frames/${name}.svg`, frame(name));
