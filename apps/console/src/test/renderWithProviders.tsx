import type { SessionUser } from '@skyvault/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryHistory } from 'history';
import { lazy, type ReactNode, Suspense } from 'react';
import { unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes } from 'react-router';
import { type Mock, vi } from 'vitest';
import { ConsoleTheme } from '../core/colorMode';
import { ErrorHandlerContext } from '../core/errors/ErrorHandlerContext';
import type { ErrorHandler } from '../core/errors/errorHandler';
import { forRouter, HistoryBlockingContext } from '../core/historyBlocking';
import { SessionContext } from '../core/session/SessionContext';

const ToastHost = lazy(() =>
  import('../core/toasts/ToastHost').then((module) => ({ default: module.ToastHost })),
);

import { adminUser } from './fixtures';

/** Stands in for every other screen, so a test can see where a navigation went. */
function CurrentPath() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function TestRoutes({ path, ui }: { path: string; ui: ReactNode }) {
  return useRoutes([
    { path, element: ui },
    { path: '*', Component: CurrentPath },
  ]);
}

/**
 * Renders a piece of the signed-in console with its providers and a router at `path`, or at `url` when
 * `path` is a route pattern with parameters (`/users/:userId`). The router navigates through a memory
 * history that can hold a navigation, as the console's browser history does (app/App.tsx), so a form's
 * unsaved-changes guard works here as it does in the browser. `router` reads where it is
 * (`router.state.location`, `router.state.historyAction`) and goes elsewhere (`router.navigate`).
 */
interface RenderOptions {
  path?: string;
  url?: string;
  session?: SessionUser | null;
  handleError?: Mock<ErrorHandler>;
  /** The query client to render with (one holding data already); a new one by default. */
  queryClient?: QueryClient;
}

export function renderWithProviders(
  ui: ReactNode,
  {
    path = '/',
    url = path,
    session = adminUser,
    handleError = vi.fn<ErrorHandler>(),
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: RenderOptions = {},
) {
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = {
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate: async (to: string, options?: { replace?: boolean }) => {
      if (options?.replace) history.replace(to);
      else history.push(to);
    },
  };
  const result = render(
    <ConsoleTheme>
      <QueryClientProvider client={queryClient}>
        <ErrorHandlerContext value={handleError}>
          <SessionContext value={session}>
            <HistoryRouter history={forRouter(history)}>
              <HistoryBlockingContext value={history}>
                <TestRoutes path={path} ui={ui} />
              </HistoryBlockingContext>
            </HistoryRouter>
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
