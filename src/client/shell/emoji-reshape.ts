/**
 * Emoji on a device without an emoji font come from 'Billionett Emoji' (vite.config.ts
 * emojiFont), whose ranges load when text first needs them. Chromium shapes such text with
 * an empty box while the range loads and keeps that shape in its cache for the same text in
 * the same font: a feeling's emoji stayed a box for the rest of the visit, though the range
 * had come (a different text, or a new node of the same text, did not help). A font that
 * differs in any way has a cache of its own, so when emoji ranges finish loading the
 * elements holding emoji get a font-feature setting not used before (a tag no font has:
 * nothing drawn changes), and their text is shaped anew.
 *
 * Only those elements: the same trick on the root (its font size, as this did first) made
 * Chromium restyle and relayout the whole page, ~140 ms at 4× CPU for each range that
 * loaded while home opened (Lighthouse's total blocking time). It runs only where emoji
 * ranges load at all: a device with its own emoji font never asks for them.
 */
const FAMILY = 'Billionett Emoji';
/** A pictographic character: text holding one may have been shaped while its range loaded. */
const EMOJI = /\p{Extended_Pictographic}/u;

/** The elements whose own text holds an emoji, under `root`. */
export function emojiHolders(root: Node): Set<HTMLElement> {
  const holders = new Set<HTMLElement>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && EMOJI.test((node as Text).data)) holders.add(parent);
  }
  return holders;
}

/** The n-th setting: an OpenType tag of four characters that names no feature. */
export const reshapeSetting = (n: number) => `"z${n.toString(36).padStart(3, '0')}" 1`;

export function reshapeWhenEmojiLoads(fonts: FontFaceSet = document.fonts, root: Node = document.body): void {
  let batches = 0;
  fonts.addEventListener('loadingdone', (event) => {
    if (!(event as FontFaceSetLoadEvent).fontfaces.some((face) => face.family.includes(FAMILY))) return;
    batches += 1;
    const setting = reshapeSetting(batches);
    for (const holder of emojiHolders(root)) holder.style.fontFeatureSettings = setting;
  });
}
