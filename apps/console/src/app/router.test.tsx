import type { SessionUser } from '@skyvault/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../test/fetchStub';
import { adminUser, memberUser } from '../test/fixtures';
import { ConsoleProviders } from './ConsoleProviders';
import { AppRoutes } from './router';

const invalidSession = apiError(401, 'INVALID_SESSION_EXCEPTION', 'Your session has expired.');

function openConsole(path: string, session: SessionUser | typeof invalidSession, brand = 'skyvault') {
  stubFetch({
    'GET /api/v1/brand': { body: { brand } },
    'GET /api/v1/auth/session': 'status' in session ? session : { body: session },
    'GET /api/v1/links': { body: { backup: 'https://backup.example.com/' } },
    'GET /api/analytics': { body: { token: '', host: '', isEnabled: false } },
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleProviders>
        <AppRoutes />
        <LocationProbe />
      </ConsoleProviders>
    </MemoryRouter>,
  );
}

/** Shows the router's current location, so a test can see where redirects led. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

const currentLocation = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

describe('the console routes', () => {
  it('sends / to the licenses list inside the shell', async () => {
    openConsole('/', adminUser);
    expect(await heading('Licenses')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/licenses');
    expect(screen.getByText(adminUser.email)).toBeInTheDocument();
  });

  it('shows a Connected App by its id', async () => {
    openConsole('/applications/4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', adminUser);
    expect(await heading('Connected App')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Connected Apps' })).toHaveAttribute(
      'href',
      '/applications',
    );
  });

  it.each(['/users', '/authentication', '/api-tokens', '/provisioning', '/webhooks'])(
    'sends non-administrators from %s to MFA Devices',
    async (path) => {
      openConsole(path, memberUser);
      expect(await heading('MFA Devices')).toBeInTheDocument();
      expect(currentLocation().pathname).toBe('/mfa');
    },
  );

  it('opens Storages only when the tenant has Backup', async () => {
    openConsole('/storages', { ...adminUser, services: ['devOps'] });
    expect(await heading('Licenses')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/licenses');
  });

  it('sends visitors without a session to login, with the way back', async () => {
    openConsole('/users?page=2', invalidSession);
    expect(await heading('Log in')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/auth/login');
    expect(currentLocation().searchParams.get('redirectTo')).toBe('/users?page=2');
  });

  it('takes the page title from the brand', async () => {
    openConsole('/auth/login', invalidSession, 'flosum');
    await waitFor(() => expect(document.title).toBe('Flosum Console'));
    expect(screen.getByText('Flosum')).toBeInTheDocument();
  });
});
