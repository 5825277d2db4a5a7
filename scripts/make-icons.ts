/**
 * Draws the app's icons (favicon, install icons, maskable, Apple touch, shortcut
 * and notification-badge icons) into public/icons. Run once after changing the art:
 * `npx tsx scripts/make-icons.ts`; the outputs are committed, so builds need no sharp.
 *
 * Everything is plain paths — no text — so librsvg here and every browser draw the
 * same letter without depending on installed fonts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

export const BRAND = { navy: '#0B1B33', navyLight: '#16305A', gold: '#C9A227', goldLight: '#EBD27A', ivory: '#F6F1E3' };

const out = resolve(import.meta.dirname, '../public/icons');

const defs = `<defs>
  <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${BRAND.goldLight}"/><stop offset="0.55" stop-color="${BRAND.gold}"/><stop offset="1" stop-color="#9C7A17"/>
  </linearGradient>
  <radialGradient id="navy" cx="0.5" cy="0.35" r="0.75">
    <stop offset="0" stop-color="${BRAND.navyLight}"/><stop offset="1" stop-color="${BRAND.navy}"/>
  </radialGradient>
</defs>`;

/** A "B" with slab serifs in a 512 box; two counters punched out with evenodd. */
const letterB = `<path fill="url(#gold)" fill-rule="evenodd" transform="translate(10 0)" d="
  M156 146 H292 C343 146 370 172 370 208 C370 234 355 251 331 258
  C361 265 380 287 380 318 C380 354 351 378 298 378 H156 V360 H180 V164 H156 Z
  M228 186 V242 H284 C308 242 321 231 321 214 C321 197 308 186 284 186 Z
  M228 280 V338 H290 C316 338 330 326 330 309 C330 292 316 280 290 280 Z"/>`;

/** The monogram: the B inside a double gold ring, centred in 512. */
const monogram = `${letterB}
  <circle cx="256" cy="262" r="190" fill="none" stroke="url(#gold)" stroke-width="9"/>
  <circle cx="256" cy="262" r="172" fill="none" stroke="${BRAND.gold}" stroke-opacity="0.45" stroke-width="2.5"/>`;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${defs}${body}</svg>\n`;

/** Centre-scales art so a platform mask cannot clip it. */
const scaled = (body: string, k: number) =>
  `<g transform="translate(256 256) scale(${k}) translate(-256 -262)">${body}</g>`;

/** "any" icons keep their own rounded square; the launcher shows them as drawn. */
const anyIcon = svg(`<rect width="512" height="512" rx="112" fill="url(#navy)"/>${scaled(monogram, 0.98)}`);

/** Maskable: full bleed; the art stays inside the 80 % safe circle (r 204). */
const maskable = svg(`<rect width="512" height="512" fill="url(#navy)"/>${scaled(monogram, 0.78)}`);

/** iOS rounds the corners itself and shows transparency as black: full bleed. */
const apple = svg(`<rect width="512" height="512" fill="url(#navy)"/>${scaled(monogram, 0.86)}`);

/** Small sizes lose the rings: at 16–32 px they only blur the letter. */
const favicon = svg(`<rect width="512" height="512" rx="120" fill="url(#navy)"/>${scaled(letterB, 1.45)}`);

/** Android draws the status-bar badge from the alpha channel only: white on clear. */
const badge = svg(`${scaled(letterB.replace('url(#gold)', '#FFFFFF'), 1.6)}`);

const shortcutBase = `<rect width="512" height="512" rx="112" fill="url(#navy)"/>`;

/** Telex: a speech bubble with three dots. */
const telex = svg(`${shortcutBase}
  <path fill="url(#gold)" d="M116 150 H396 C418 150 432 164 432 186 V326 C432 348 418 362 396 362 H236 L160 424 V362 H116
    C94 362 80 348 80 326 V186 C80 164 94 150 116 150 Z"/>
  <g fill="${BRAND.navy}"><circle cx="176" cy="256" r="26"/><circle cx="256" cy="256" r="26"/><circle cx="336" cy="256" r="26"/></g>`);

/** New entry: a fountain-pen nib over a writing line. */
const entry = svg(`${shortcutBase}
  <g transform="translate(256 236) scale(1.22) rotate(45) translate(-256 -236)">
    <path fill="url(#gold)" d="M256 84 C300 130 318 190 318 236 L286 330 H226 L194 236 C194 190 212 130 256 84 Z"/>
    <circle cx="256" cy="236" r="17" fill="${BRAND.navy}"/>
    <rect x="252" y="236" width="8" height="94" fill="${BRAND.navy}"/>
    <rect x="222" y="338" width="68" height="36" rx="8" fill="url(#gold)"/>
  </g>
  <rect x="96" y="420" width="320" height="14" rx="7" fill="${BRAND.gold}" fill-opacity="0.7"/>`);

async function png(source: string, size: number, name: string, flatten = false): Promise<void> {
  let image = sharp(Buffer.from(source), { density: Math.max(72, (72 * size * 2) / 512) }).resize(size, size);
  if (flatten) image = image.flatten({ background: BRAND.navy });
  await image.png({ compressionLevel: 9 }).toFile(resolve(out, name));
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  writeFileSync(resolve(out, '../favicon.svg'), favicon);
  writeFileSync(resolve(out, 'icon.svg'), anyIcon);
  await png(anyIcon, 192, 'icon-192.png');
  await png(anyIcon, 512, 'icon-512.png');
  await png(maskable, 512, 'icon-maskable-512.png', true);
  await png(apple, 180, '../apple-touch-icon.png', true);
  await png(favicon, 48, 'favicon-48.png');
  await png(badge, 96, 'badge-96.png');
  await png(telex, 96, 'shortcut-telex-96.png');
  await png(entry, 96, 'shortcut-entry-96.png');
}

await main();
