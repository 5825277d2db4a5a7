/**
 * The Billionett theme: navy and gold, as in the app icon (public/icons/icon.svg), the system font stack (no web font to download before first
 * paint) and roomy radii for touch.
 */
import { PasswordInput, createTheme, type MantineColorsTuple } from '@mantine/core';

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
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
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
