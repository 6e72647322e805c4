import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/*
 * One theme: warm desert-sunset colours that feel like a festival but stay calm enough for forms and tables.
 * Shade 6 of each colour is what filled controls use; every shade 6 carries white text above 4.5:1 contrast,
 * and text shades 6+ stay above 4.5:1 on the page background (axe checks both).
 */

/** Primary: burnt sunset orange. Shade 6 #c2410c is 5.2:1 against white. */
const sunset: MantineColorsTuple = [
  '#fff1e8',
  '#ffe0cc',
  '#fdbf9a',
  '#f99c66',
  '#f47f3d',
  '#e96a25',
  '#c2410c',
  '#a8390b',
  '#8c300b',
  '#6e260a',
];

/** Accent: dusk plum, used for the footer and secondary accents. */
const dusk: MantineColorsTuple = [
  '#f7eef8',
  '#ead8ee',
  '#d4b0dc',
  '#bd87c8',
  '#a965b7',
  '#9a4fad',
  '#7f3f90',
  '#653272',
  '#4b2655',
  '#2a1b33',
];

/** Neutrals with a little warmth instead of Mantine's blue-grey; shade 6 is the dimmed text colour. */
const gray: MantineColorsTuple = [
  '#fbf8f5',
  '#f3eee9',
  '#e7dfd8',
  '#d6ccc3',
  '#bcafa4',
  '#9d8f84',
  '#6e5f55',
  '#5e5149',
  '#433a34',
  '#2d2420',
];

export const theme = createTheme({
  primaryColor: 'sunset',
  primaryShade: 6,
  colors: { sunset, dusk, gray },
  black: '#2d2420',
  white: '#ffffff',
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
    textWrap: 'balance',
  },
  components: {
    // Every toast's close button gets a name (Mantine's has none; axe: button-name). A plain object, so the
    // Notification component itself stays out of Home's bundle.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/**
 * Links one shade darker than the buttons, for contrast on the warm page background. Form errors in red 9
 * (#c92a2a, 5.4:1 on white): Mantine's default red 6 is only 3.3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-sunset-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
