/** A card's map as members first see it: the server's picture (ui/map/place-map.tsx), loaded and decoded. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MAP_PICTURE } from '../../../src/contract/geo';

export const mapPicture = (within: Locator | Page): Locator => within.getByRole('img', { name: /^Map of / });

/**
 * Waits until the first map picture inside `within` has loaded (a broken or pending <img> has
 * no natural width; a drawn one has the width its card asked for).
 */
export async function mapPictureDrawn(within: Locator): Promise<void> {
  const picture = mapPicture(within).first();
  await picture.waitFor({ timeout: 30_000 });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 30_000 }).toBeGreaterThanOrEqual(MAP_PICTURE.widths[0]);
}
