import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { SessionUser } from '@skyvault/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ErrorHandlerContext } from '../app/errors/ErrorHandlerContext';
import type { ErrorHandler } from '../app/errors/errorHandler';
import { SessionContext } from '../app/session/SessionContext';
import { theme } from '../app/theme';

const ToastHost = lazy(() =>
  import('../app/toasts/ToastHost').then((module) => ({ default: module.ToastHost })),
);

import { adminUser } from './fixtures';

/** Stands in for every other screen, so a test can see where a navigation went. */
function CurrentPath() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/**
 * Renders a piece of the signed-in console with its providers and a memory router at `path`.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', session = adminUser as SessionUser | null, handleError = vi.fn<ErrorHandler>() } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', Component: CurrentPath },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ErrorHandlerContext value={handleError}>
          <SessionContext value={session}>
            <RouterProvider router={router} />
          </SessionContext>
        </ErrorHandlerContext>
      </QueryClientProvider>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </ThemeProvider>,
  );
  return { ...result, router, queryClient, handleError };
}
