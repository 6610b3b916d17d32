import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/** The colours the screens draw with (badges, alerts, icons, buttons); the contrast test checks each of them. */
export const APP_COLORS = ['teal', 'red', 'gray', 'blue', 'orange', 'cyan', 'indigo'] as const;

const FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const orange = DEFAULT_THEME.colors.orange;

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 under white text: teal 5:1, red 5.5:1, where Mantine's default shade 8 gives teal 3.95:1.
  primaryShade: { light: 9, dark: 9 },
  // Mantine's darkest orange still gives white text only 4.3:1.
  colors: { orange: [...orange.slice(0, 9), '#c2410c'] as unknown as MantineColorsTuple },
  defaultRadius: 'md',
  // People who ask their system for less motion get dialogs, menus and toasts without their transitions.
  respectReducedMotion: true,
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  components: {
    // Mantine's focus placeholder is a role="presentation" child of role="menu", which a menu may not contain; without
    // it the first item takes focus on opening, as the WAI-ARIA menu pattern asks. A plain object keeps Menu's code
    // out of the entry chunk that carries the theme.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

const perColor = (name: (color: string) => string, value: (color: string) => string) =>
  Object.fromEntries(APP_COLORS.map((c) => [name(c), value(c)]));

/**
 * Secondary text, placeholders, error text and variant colours that pass WCAG AA (4.5:1) on the page and on cards,
 * where Mantine's defaults fall short (dimmed #828282 on #242424 is 4.04:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  dark: {
    '--mantine-color-dimmed': '#a6a6a6',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    ...perColor(
      (c) => `--mantine-color-${c}-outline`,
      (c) => `var(--mantine-color-${c}-4)`,
    ),
  },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
    ...perColor(
      (c) => `--mantine-color-${c}-light`,
      (c) => `var(--mantine-color-${c}-0)`,
    ),
  },
});
