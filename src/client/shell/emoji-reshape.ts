/**
 * Emoji on a device without an emoji font come from 'Billionett Emoji' (vite.config.ts
 * emojiFont), whose ranges load when text first needs them. Chromium shapes such text with
 * an empty box while the range loads and keeps that shape in its cache for the same text in
 * the same font: a feeling's emoji stayed a box for the rest of the visit, though the range
 * had come (a different text, or a new node of the same text, did not help). A font of
 * another size has a cache of its own, so when emoji ranges finish loading the root's size
 * moves by one step Chromium tells apart (1/64 px, ~0.1% of the text; by turns up and down,
 * never back to a size text was shaped at while a range loaded), and the page is shaped anew.
 * It runs only where emoji ranges load at all: a device with its own emoji font never asks
 * for them.
 */
const FAMILY = 'Billionett Emoji';
/** Chromium keys fonts by size in steps of 1/64 px: a smaller step leaves the cache as it is. */
const STEP_PX = 1 / 64;

export function reshapeWhenEmojiLoads(fonts: FontFaceSet = document.fonts, root: HTMLElement = document.documentElement): void {
  let batches = 0;
  fonts.addEventListener('loadingdone', (event) => {
    if (!(event as FontFaceSetLoadEvent).fontfaces.some((face) => face.family.includes(FAMILY))) return;
    batches += 1;
    // +1, -1, +2, -2, … steps: each size new, the drift a fraction of a pixel.
    const steps = Math.ceil(batches / 2) * (batches % 2 === 1 ? 1 : -1);
    root.style.fontSize = `calc(100% + ${steps * STEP_PX}px)`;
  });
}
