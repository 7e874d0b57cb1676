import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, use, useMemo, useSyncExternalStore } from 'react';
import { type ColorMode, consoleTheme } from './theme';

/** The settings menu's theme choice: the system's colour scheme, or one mode whatever the system says. */
export type ColorModeChoice = 'system' | ColorMode;
export const COLOR_MODE_CHOICES: readonly ColorModeChoice[] = ['system', 'light', 'dark'];

/** Kept per browser, not per account: it is about the screen in front of the user. */
export const COLOR_MODE_KEY = 'skyvault.colorMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const CHANGED = 'skyvault:color-mode';

function storedChoice(): ColorModeChoice {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    // Storage can be unavailable (private mode); the system's scheme applies.
    return 'system';
  }
}

function storeChoice(choice: ColorModeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(COLOR_MODE_KEY);
    else localStorage.setItem(COLOR_MODE_KEY, choice);
  } catch {
    // The choice then holds until the page is reloaded.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** The choice, and the system's scheme, follow changes: another tab's choice, the system's switch at dusk. */
function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(DARK_QUERY);
  media?.addEventListener('change', onChange);
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    media?.removeEventListener('change', onChange);
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

const systemMode = (): ColorMode => (window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light');
/** Both in one string, so that the store's snapshot compares equal while neither changes. */
const snapshot = () => `${storedChoice()} ${systemMode()}`;

interface ColorModeState {
  choice: ColorModeChoice;
  mode: ColorMode;
  choose: (choice: ColorModeChoice) => void;
}

const ColorModeContext = createContext<ColorModeState>({ choice: 'system', mode: 'light', choose: () => {} });

export const useColorMode = () => use(ColorModeContext);

/** The console's theme in the chosen colour mode, with the baseline styles, and the way to change it. */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  const [choice, system] = useSyncExternalStore(subscribe, snapshot).split(' ') as [
    ColorModeChoice,
    ColorMode,
  ];
  const mode = choice === 'system' ? system : choice;
  const state = useMemo(() => ({ choice, mode, choose: storeChoice }), [choice, mode]);
  return (
    <ColorModeContext value={state}>
      <ThemeProvider theme={consoleTheme(mode)}>
        {/* Native parts (scroll bars, date pickers, autofill) follow the mode too. */}
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext>
  );
}
