/**
 * sharp (libvips, Apache-2.0), loaded at the first picture rather than at start: most of a
 * server's life needs no image library, and loaded it holds ~20 MB of RSS (BUDGETS: server
 * RSS ≤ 300 MB). The first picture after a start waits for it once (~0.1 s).
 */
import type sharpModule from 'sharp';
import { lazily } from './lazily';

export const loadSharp: () => Promise<typeof sharpModule> = lazily(async () => (await import('sharp')).default);
