import { createTheme } from '@mui/material/styles';

/**
 * SPEC.md §1: primary pink, secondary dark navy, error red. System fonts: no web font on first load.
 * WCAG AA everywhere: the pink is deep enough for 4.5:1 as text on the page background, and a
 * coloured chip or button takes dark text wherever white would fall below 4.5:1.
 * No CSS variables and no colour schemes: the build leaves MUI's code for them out of the first load
 * (vite.config.ts), and a theme that needs them fails at start-up until that is undone.
 */
export const theme = createTheme({
  palette: {
    contrastThreshold: 4.5,
    primary: { main: '#c81f65', contrastText: '#ffffff' },
    secondary: { main: '#1b2540', contrastText: '#ffffff' },
    error: { main: '#d32f2f' },
    background: { default: '#f5f6fa', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.5rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0, color: 'secondary' } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
