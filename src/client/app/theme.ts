import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A calm pharmacy green. Shade 8 is the filled colour: 5.3:1 against white text. */
const pharmacy: MantineColorsTuple = [
  '#e8f6f2',
  '#d2ece5',
  '#a4d8ca',
  '#72c3ae',
  '#4ab297',
  '#30a789',
  '#1f9a7d',
  '#138a70',
  '#0c7a63',
  '#05614f',
];

/** Also in manifest.webmanifest and index.html (theme_color / background_color). */
export const BRAND_COLOR = pharmacy[8];
export const APP_BACKGROUND = '#f3f7f6';

export const theme = createTheme({
  primaryColor: 'pharmacy',
  // Shade 8 for every filled colour keeps white text readable (red 4.5:1, blue 5:1).
  primaryShade: { light: 8, dark: 6 },
  colors: { pharmacy },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  cursorType: 'pointer',
  components: {
    // Mantine's hidden focus placeholder (tabindex, role=presentation) sits among the menu items
    // and axe-core flags the menu (aria-required-children); focusing the first item is the ARIA
    // menu pattern anyway. A plain object: Menu.extend would pull the menu into the first chunk.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--app-background': APP_BACKGROUND, '--app-header-height': '64px' },
  light: {
    // Mantine's defaults (gray 6, red 6) fall below 4.5:1 on white.
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
