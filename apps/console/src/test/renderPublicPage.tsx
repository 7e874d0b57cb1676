import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ConsoleProviders } from '../app/ConsoleProviders';
import { sessionQuery } from '../core/session/session.queries';
import { type FetchRoute, stubFetch } from './fetchStub';

/** Stands in for every other screen: where a navigation went, and the session it found in the cache. */
function ElsewhereProbe() {
  const { pathname, search } = useLocation();
  const session = useQuery({ ...sessionQuery, enabled: false });
  return (
    <>
      <output data-testid="location">{`${pathname}${search}`}</output>
      <output data-testid="session-email">{session.data?.email ?? ''}</output>
    </>
  );
}

/**
 * The console's calls for itself, and the login page's identity provider buttons and passkey support
 * (none unless a test says otherwise); every test answers them the same way.
 */
const SHELL_ANSWERS: Record<string, FetchRoute> = {
  'GET /api/v1/brand': { body: { brand: 'skyvault' } },
  'POST /api/v1/identity-providers/login-buttons': { body: [] },
  // The login page offers passkeys only where the console can use them; most tests need none.
  'GET /api/v1/auth/passkeys/support': { body: { available: false, rpId: null, reason: null } },
};

/** Stubs the API with the given answers (plus the shell's own calls) and returns the fetch mock. */
export const stubApi = (answers: Record<string, FetchRoute>) => stubFetch({ ...SHELL_ANSWERS, ...answers });

/**
 * Opens a public page at `url` with the console's real providers: the shared error handler, toasts
 * and the query client that reports failures to it, as in the running console. As there (the public
 * layout's screen boundary), a page may wait for code it loads before it shows.
 */
export function renderPublicPage(url: string, page: { path: string; element: ReactNode }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ConsoleProviders>
        <Routes>
          <Route path={page.path} element={<Suspense fallback={null}>{page.element}</Suspense>} />
          <Route path="*" element={<ElsewhereProbe />} />
        </Routes>
      </ConsoleProviders>
    </MemoryRouter>,
  );
}

/** Where the last navigation went (path and query), once the page under test was left. */
export async function findLocation(): Promise<URL> {
  const probe = await screen.findByTestId('location', {}, { timeout: 3000 });
  return new URL(probe.textContent ?? '', 'http://localhost');
}

/** The JSON body of the n-th call to `path` in a fetch mock. */
export function sentBody(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string, index = 0) {
  const calls = fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path,
  );
  const init = calls[index]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
