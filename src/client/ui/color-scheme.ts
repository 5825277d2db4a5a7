/**
 * The member's appearance choice (System, Light or Dark), kept on this device only, as
 * Mantine's colour scheme manager keeps it: in localStorage under COLOR_SCHEME_KEY.
 * public/color-scheme.js reads the same key before the first paint (a classic script from the
 * app's origin: the CSP forbids inline ones) so a dark device never flashes a light page.
 */
import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

/** Also spelled out in public/color-scheme.js, which cannot import it. */
export const COLOR_SCHEME_KEY = 'billionett:color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** 'auto' follows the device (prefers-color-scheme); it is also what a new device starts with. */
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';

export const APPEARANCES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
