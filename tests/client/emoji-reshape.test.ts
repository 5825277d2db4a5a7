/**
 * The emoji reshape (shell/emoji-reshape.ts): when one of our emoji font's ranges has loaded,
 * the elements whose text holds an emoji — those alone — get a font-feature setting not used
 * before, so Chromium shapes their text anew (small-screens.e2e checks the glyphs drawn).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { emojiHolders, reshapeSetting, reshapeWhenEmojiLoads } from '../../src/client/shell/emoji-reshape';

afterEach(() => {
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = '<main><p id="plain">Hello there</p><p id="feeling">Feeling <b id="face">happy 😊</b></p><span id="flag">🧭 north</span></main>';
  return (id: string) => document.getElementById(id)!;
}

/** A FontFaceSet's 'loadingdone' for faces of `family`. */
function loaded(fonts: EventTarget, family: string) {
  fonts.dispatchEvent(Object.assign(new Event('loadingdone'), { fontfaces: [{ family }] }));
}

describe('emoji reshape', () => {
  it('finds the elements whose own text holds an emoji', () => {
    const el = page();
    expect([...emojiHolders(document.body)]).toEqual([el('face'), el('flag')]);
  });

  it('gives those elements, and no others, a new setting each time an emoji range loads', () => {
    const el = page();
    const fonts = new EventTarget();
    reshapeWhenEmojiLoads(fonts as FontFaceSet, document.body);
    loaded(fonts, 'Inter');
    expect(el('face').style.fontFeatureSettings).toBe('');
    loaded(fonts, 'Billionett Emoji');
    expect(el('face').style.fontFeatureSettings).toBe(reshapeSetting(1));
    expect(el('flag').style.fontFeatureSettings).toBe(reshapeSetting(1));
    for (const id of ['plain', 'feeling']) expect(el(id).style.fontFeatureSettings).toBe('');
    loaded(fonts, 'Billionett Emoji');
    expect(el('face').style.fontFeatureSettings).toBe(reshapeSetting(2));
    expect(reshapeSetting(2)).not.toBe(reshapeSetting(1));
    expect(reshapeSetting(40)).toMatch(/^"[\x20-\x7e]{4}" 1$/);
  });
});
