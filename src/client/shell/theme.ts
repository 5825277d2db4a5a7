/**
 * The Billionett theme: navy and gold, as in the app icon (public/icons/icon.svg), the system font stack (no web font to download before first
 * paint) and roomy radii for touch.
 */
import {
  alpha,
  DEFAULT_THEME,
  createTheme,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
} from '@mantine/core';

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

/**
 * Dark mode's greys, tinted with the brand's navy (Mantine's own are neutral): text dark.0,
 * dimmed text dark.1, borders dark.4, hovers dark.5, inputs and wells dark.6, the page dark.7.
 */
const dark: MantineColorsTuple = [
  '#d5dbe6',
  '#b4bdcc',
  '#8e99ab',
  '#66728a',
  '#414d63',
  '#303b50',
  '#232d40',
  '#172134',
  '#111a2b',
  '#0b1322',
];

/** The manifest's theme and background colour. */
export const NAVY = brand[9];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, gold, dark },
  // No `system-ui`: Chromium on Linux draws every glyph the system UI font lacks from the
  // system's own fallback (an empty box from DejaVu Sans for an emoji), never reaching the
  // emoji fonts after it. BlinkMacSystemFont and -apple-system name the same font on Apple
  // devices without that effect (Mantine's own default omits system-ui too).
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", "Billionett Emoji"',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // The ring shows on :focus-visible: always for the keyboard (and for fields, whichever
  // moved focus there), not after a tap or a click. 'always' would ring every clicked
  // button too; 'never' would leave a keyboard member lost.
  focusRing: 'auto',
  // Plain objects, not `Drawer.extend(…)`: `extend` returns its argument, but calling it
  // imports the component, and this file is in the boot chunk, so Modal and Drawer (with
  // ScrollArea, @floating-ui and the scroll lock) loaded on every first screen.
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    // Mantine's close buttons are bare icons; a screen reader must hear what they do.
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    // Toasts too: their close button is an icon alone.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<NotificationProps> },
    PasswordInput: {
      defaultProps: {
        size: 'md',
        // Mantine's own label, 'Toggle password visibility', also matches a search for the
        // field labelled 'Password' (screen readers' and tests' getByLabel alike).
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' },
      } satisfies Partial<PasswordInputProps>,
    },
  },
});

/** Every palette but the brand's, whose own shades already read (primaryShade 7). */
const ACCENTS = [...Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark'), 'gold'];

/**
 * Contrast of at least 4.5:1 (WCAG AA) for small text in both colour schemes.
 *
 * Light: dimmed text is gray.6 on white (3.3:1) → gray.7 (7.4:1); error text and the text of
 * light badges, alerts and buttons use their palette's shade 6 (red 2.9:1 on its tint) → shade 9
 * (red 4.9:1); red filled badges and buttons carry white text → red.9 (5.6:1). Yellow's and
 * orange's darkest shades still fail on their tint, so the app uses gold for 'pending'.
 *
 * Dark: dimmed text is dark.1 (7.3:1 on an input's dark.6, Mantine's dark.2 is 4.8:1 there
 * and 3.9:1 on a hover); error text is red.4; red filled buttons red.9, as in light; links and the brand's text are brand.3 (5.0:1 on dark.6) instead of
 * Mantine's shade 4 (3.5:1); filled brand buttons are brand.5 under white text (5.0:1), which
 * also keeps the focus ring (the primary filled colour) at 3.2:1 on the page; light
 * brand badges, buttons and the active menu entry are brand.1 on a brand.4 tint.
 *
 * Both: the app's own surfaces, for CSS modules (a CSS module cannot use light-dark(): the
 * build rewrites it into variables only a rewritten `color-scheme` declaration sets):
 * --bn-color-canvas behind cards, --bn-color-well for insets and placeholders.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const { colors } = current;
  const light: Record<string, string> = {
    '--mantine-color-dimmed': colors.gray[7],
    '--mantine-color-error': colors.red[9],
    '--mantine-color-red-filled': colors.red[9],
    '--bn-color-canvas': colors.gray[0],
    '--bn-color-well': colors.gray[1],
  };
  for (const name of ACCENTS) {
    const shades = colors[name];
    if (!shades) continue;
    light[`--mantine-color-${name}-light-color`] = shades[9];
    light[`--mantine-color-${name}-text`] = shades[9];
  }
  const darkVariables: Record<string, string> = {
    '--mantine-color-dimmed': colors.dark[1],
    // Mantine's red.8 reads 3.6:1 on a modal's dark.7; red.4 reads 6.9:1 (error text, an errored input's text).
    '--mantine-color-error': colors.red[4],
    // Red filled buttons ('Delete my account') carry white text: red.9 as in light (5.6:1), not shade 5 (2.8:1).
    '--mantine-color-red-filled': colors.red[9],
    '--mantine-color-anchor': brand[3],
    '--mantine-color-brand-text': brand[3],
    // Mantine tints light variants with the filled shade, which for a navy is all but black.
    '--mantine-color-brand-light': alpha(brand[4], 0.2),
    '--mantine-color-brand-light-hover': alpha(brand[4], 0.28),
    '--mantine-color-brand-light-color': brand[1],
    '--bn-color-canvas': colors.dark[8],
    '--bn-color-well': colors.dark[6],
  };
  return { variables: {}, light, dark: darkVariables };
};
