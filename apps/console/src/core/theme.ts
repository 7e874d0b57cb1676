import { createTheme, type Theme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

/** The top bar's colour: the brand's dark navy in both modes (SPEC.md §1), with light text on it. */
interface BarColor {
  main: string;
  contrastText: string;
}
declare module '@mui/material/styles' {
  interface Palette {
    topBar: BarColor;
  }
  interface PaletteOptions {
    topBar?: BarColor;
  }
}

const NAVY = '#1b2540';

/**
 * The top bar's colours (the console's and the enrolment shell's): navy in both modes, and a focus
 * ring in its own light text colour, since the theme's pink falls below 3:1 on navy.
 */
export const TOP_BAR_SX = {
  bgcolor: 'topBar.main',
  color: 'topBar.contrastText',
  '--focus-ring': 'currentColor',
} as const;

/**
 * SPEC.md §1: primary pink, secondary dark navy, error red. WCAG AA everywhere: in light mode the pink
 * is deep enough for 4.5:1 as text on the page background; in dark mode the three are lighter tints of
 * the same hues, at least 4.5:1 on the darkest and on the most raised surface (a dialog's paper, which
 * MUI lightens by elevation), and a coloured chip or button takes dark text where white would fall
 * below 4.5:1 (contrastThreshold). The top bar stays navy in both.
 */
const PALETTES = {
  light: {
    mode: 'light',
    primary: { main: '#c81f65', contrastText: '#ffffff' },
    secondary: { main: NAVY, contrastText: '#ffffff' },
    error: { main: '#d32f2f' },
    background: { default: '#f5f6fa', paper: '#ffffff' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#f48fb1' },
    secondary: { main: '#9fb0e8' },
    error: { main: '#ff8a80' },
    background: { default: '#0f1423', paper: '#171d2f' },
  },
} as const;

/**
 * WCAG 2.4.7 and 2.4.11: every focusable element shows where the keyboard is, with a 2 px ring in a
 * colour at 3:1 or more against the surfaces around it (the top bar sets its own, white, through
 * `--focus-ring`). MUI removes the browser's outline from its buttons and marks keyboard focus with
 * `.Mui-focusVisible`; `body` lifts these rules above its component styles. Text fields keep MUI's own
 * indicator (the thick coloured border), and elements that only scripts focus (tabindex -1: a dialog's
 * container, the main region after 'Skip to content') get none. Items of lists and menus draw the ring
 * inside, where a scrolling parent would clip it outside. The fixed top bar must never hide the focused
 * element: scrolling stops short of it.
 */
const focusRing = (color: string) => ({
  ':root': { '--focus-ring': color },
  html: { scrollPaddingTop: 72 },
  'body :focus-visible:not([tabindex="-1"]):not(.MuiInputBase-input), body .Mui-focusVisible': {
    outline: '2px solid var(--focus-ring)',
    outlineOffset: 2,
  },
  'body .MuiMenuItem-root.Mui-focusVisible, body .MuiListItemButton-root.Mui-focusVisible, body .MuiTab-root.Mui-focusVisible':
    { outlineOffset: -2 },
});

function createConsoleTheme(mode: ColorMode): Theme {
  const palette = PALETTES[mode];
  return createTheme({
    palette: { ...palette, contrastThreshold: 4.5, topBar: { main: NAVY, contrastText: '#ffffff' } },
    shape: { borderRadius: 8 },
    typography: {
      // System fonts: no web font on first load.
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.5rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: { styleOverrides: focusRing(palette.primary.main) },
      MuiButton: { defaultProps: { disableElevation: true } },
      // The roles tables have anyway, stated: on phones lists stack into cards (block display), and
      // Safari then drops the implicit ones (components/TableParts.tsx).
      MuiTable: { defaultProps: { role: 'table' } },
      MuiTableHead: { defaultProps: { role: 'rowgroup' } },
      MuiTableBody: { defaultProps: { role: 'rowgroup' } },
      MuiTableRow: { defaultProps: { role: 'row' } },
    },
  });
}

/**
 * The theme of a colour mode, made when first asked for. Two plain themes rather than MUI's colour
 * schemes with CSS variables: the build leaves MUI's code for those out of the first load
 * (vite.config.ts), and switching replaces the theme object, which re-renders the styles once.
 */
const themes: Partial<Record<ColorMode, Theme>> = {};
export function consoleTheme(mode: ColorMode): Theme {
  themes[mode] ??= createConsoleTheme(mode);
  return themes[mode];
}
