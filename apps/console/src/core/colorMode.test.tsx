import { useTheme } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COLOR_MODE_KEY, ConsoleTheme, useColorMode } from './colorMode';

/** A stand-in for the system's colour scheme that a test can switch, as the system would at dusk. */
function stubSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      expect(query).toBe('(prefers-color-scheme: dark)');
      return media;
    }),
  );
  return (next: boolean) => {
    dark = next;
    for (const listener of listeners) listener();
  };
}

function Probe() {
  const theme = useTheme();
  const { choice, choose } = useColorMode();
  return (
    <>
      <p>
        {choice} {theme.palette.mode} {theme.palette.primary.main}
      </p>
      <button type="button" onClick={() => choose('dark')}>
        Dark
      </button>
      <button type="button" onClick={() => choose('system')}>
        System
      </button>
    </>
  );
}

const renderProbe = () =>
  render(
    <ConsoleTheme>
      <Probe />
    </ConsoleTheme>,
  );

describe('ConsoleTheme', () => {
  it("follows the system's colour scheme, also when it changes", () => {
    const switchSystem = stubSystemScheme(false);
    renderProbe();
    expect(screen.getByText('system light #c81f65')).toBeInTheDocument();
    act(() => switchSystem(true));
    // The dark palette's pink, lighter for contrast on the dark surfaces.
    expect(screen.getByText('system dark #f48fb1')).toBeInTheDocument();
  });

  it('keeps a chosen mode over the system and remembers it in local storage', () => {
    stubSystemScheme(false);
    renderProbe();
    act(() => screen.getByRole('button', { name: 'Dark' }).click());
    expect(screen.getByText('dark dark #f48fb1')).toBeInTheDocument();
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('dark');

    act(() => screen.getByRole('button', { name: 'System' }).click());
    expect(screen.getByText('system light #c81f65')).toBeInTheDocument();
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBeNull();
  });

  it('starts in the stored mode, and ignores a value it does not know', () => {
    stubSystemScheme(true);
    localStorage.setItem(COLOR_MODE_KEY, 'light');
    const { unmount } = renderProbe();
    expect(screen.getByText('light light #c81f65')).toBeInTheDocument();
    unmount();

    localStorage.setItem(COLOR_MODE_KEY, 'sepia');
    renderProbe();
    expect(screen.getByText('system dark #f48fb1')).toBeInTheDocument();
  });

  it("follows another tab's choice", () => {
    stubSystemScheme(false);
    renderProbe();
    localStorage.setItem(COLOR_MODE_KEY, 'dark');
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_KEY })));
    expect(screen.getByText('dark dark #f48fb1')).toBeInTheDocument();
  });
});
