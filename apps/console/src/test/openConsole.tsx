import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { ConsoleProviders } from '../app/ConsoleProviders';
import { AppRoutes } from '../app/router';
import { type FetchRoute, stubFetch } from './fetchStub';

/** What the shell reads of every signed-in screen besides the session: the brand, links, analytics. */
export const SHELL_ANSWERS: Record<string, FetchRoute> = {
  'GET /api/v1/brand': { body: { brand: 'skyvault' } },
  'GET /api/v1/links': { body: { backup: 'https://backup.example.com/' } },
  'GET /api/analytics': { body: { token: '', host: '', isEnabled: false } },
};

/** Shows the router's current location, so a test can see where redirects led. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * The whole console at this address, as the browser opens it: its routes, providers and shell, with the
 * API answering the shell's reads and these (the session among them). Returns the fetch stub.
 */
export function openConsole(path: string, answers: Record<string, FetchRoute>) {
  const fetchMock = stubFetch({ ...SHELL_ANSWERS, ...answers });
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleProviders>
        <AppRoutes />
        <LocationProbe />
      </ConsoleProviders>
    </MemoryRouter>,
  );
  return fetchMock;
}

export const currentLocation = () =>
  new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');

/** The paths of the calls a fetch stub was asked. */
export const askedPaths = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
