/**
 * The Billionett theme: navy and gold, as in the app icon (public/icons/icon.svg), the system font stack (no web font to download before first
 * paint) and roomy radii for touch.
 */
import { DEFAULT_THEME, Drawer, Modal, Notification, PasswordInput, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#edf2fa',
  '#d8e1f0',
  '#adc0e2',
  '#7f9dd3',
  '#5a80c6',
  '#426ebf',
  '#3565bd',
  '#2754a6',
  '#1e3f80',
  '#0b1b33',
];

const gold: MantineColorsTuple = [
  '#fbf6e4',
  '#f3ebc9',
  '#e7d592',
  '#dcc05a',
  '#d2ad2f',
  '#c9a227',
  '#b38f1e',
  '#9c7a17',
  '#866812',
  '#6f550b',
];

/** The manifest's theme and background colour. */
export const NAVY = brand[9];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 4 },
  colors: { brand, gold },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // The ring shows on :focus-visible: always for the keyboard (and for fields, whichever
  // moved focus there), not after a tap or a click. 'always' would ring every clicked
  // button too; 'never' would leave a keyboard member lost.
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    // Mantine's close buttons are bare icons; a screen reader must hear what they do.
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Toasts too: their close button is an icon alone.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        size: 'md',
        // Mantine's own label, 'Toggle password visibility', also matches a search for the
        // field labelled 'Password' (screen readers' and tests' getByLabel alike).
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' },
      },
    }),
  },
});

/** Every palette but the brand's, whose own shades already read (primaryShade 7). */
const ACCENTS = [...Object.keys(DEFAULT_THEME.colors), 'gold'];

/**
 * Contrast of at least 4.5:1 (WCAG AA) for the small text Mantine colours in light mode:
 * dimmed text is gray.6 on white (3.3:1) → gray.7 (7.4:1); error text and the text of light
 * badges, alerts and buttons use their palette's shade 6 (red 2.9:1 on its tint) → shade 9
 * (red 4.9:1); red filled badges and buttons carry white text → red.9 (5.6:1). Yellow's and
 * orange's darkest shades still fail on their tint, so the app uses gold for 'pending'.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-error': current.colors.red[9],
    '--mantine-color-red-filled': current.colors.red[9],
  };
  for (const name of ACCENTS) {
    const shades = current.colors[name];
    if (!shades) continue;
    light[`--mantine-color-${name}-light-color`] = shades[9];
    light[`--mantine-color-${name}-text`] = shades[9];
  }
  return { variables: {}, light, dark: {} };
};
