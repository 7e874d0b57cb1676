import { createTheme } from '@mui/material/styles';

/** SPEC.md §1: primary pink, secondary dark navy, error red. System fonts: no web font on first load. */
export const theme = createTheme({
  palette: {
    primary: { main: '#d6246e', contrastText: '#ffffff' },
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
