import type { SessionUser } from '@skyvault/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { type Mock, vi } from 'vitest';
import { ConsoleTheme } from '../core/colorMode';
import { ErrorHandlerContext } from '../core/errors/ErrorHandlerContext';
import type { ErrorHandler } from '../core/errors/errorHandler';
import { SessionContext } from '../core/session/SessionContext';

const ToastHost = lazy(() =>
  import('../core/toasts/ToastHost').then((module) => ({ default: module.ToastHost })),
);

import { adminUser } from './fixtures';

/** Stands in for every other screen, so a test can see where a navigation went. */
function CurrentPath() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/**
 * Renders a piece of the signed-in console with its providers and a memory router at `path`, or at
 * `url` when `path` is a route pattern with parameters (`/users/:userId`).
 */
interface RenderOptions {
  path?: string;
  url?: string;
  session?: SessionUser | null;
  handleError?: Mock<ErrorHandler>;
}

export function renderWithProviders(
  ui: ReactNode,
  { path = '/', url = path, session = adminUser, handleError = vi.fn<ErrorHandler>() }: RenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', Component: CurrentPath },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <ConsoleTheme>
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
    </ConsoleTheme>,
  );
  return { ...result, router, queryClient, handleError };
}
