import type { SessionUser } from '@skyvault/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../test/fetchStub';
import { adminUser, memberUser } from '../test/fixtures';
import { currentLocation, openConsole } from '../test/openConsole';

const invalidSession = apiError(401, 'INVALID_SESSION_EXCEPTION', 'Your session has expired.');

const openAs = (path: string, session: SessionUser | typeof invalidSession, brand = 'skyvault') =>
  openConsole(path, {
    'GET /api/v1/brand': { body: { brand } },
    'GET /api/v1/auth/session': 'status' in session ? session : { body: session },
  });

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

describe('the console routes', () => {
  it('sends / to the licenses list inside the shell', async () => {
    openAs('/', adminUser);
    expect(await heading('Licenses')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/licenses');
    expect(screen.getByText(adminUser.email)).toBeInTheDocument();
  });

  it('shows a Connected App by its id', async () => {
    openAs('/applications/4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', adminUser);
    expect(await heading('Connected App')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Connected Apps' })).toHaveAttribute(
      'href',
      '/applications',
    );
  });

  it.each(['/users', '/authentication', '/api-tokens', '/provisioning', '/webhooks'])(
    'sends non-administrators from %s to MFA Devices',
    async (path) => {
      openAs(path, memberUser);
      expect(await heading('MFA Devices')).toBeInTheDocument();
      expect(currentLocation().pathname).toBe('/mfa');
    },
  );

  it('opens Storages only when the tenant has Backup', async () => {
    openAs('/storages', { ...adminUser, services: ['devOps'] });
    expect(await heading('Licenses')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/licenses');
  });

  it('sends visitors without a session to login, with the way back', async () => {
    openAs('/users?page=2', invalidSession);
    expect(await heading('Log in')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/auth/login');
    expect(currentLocation().searchParams.get('redirectTo')).toBe('/users?page=2');
  });

  it('takes the page title from the brand', async () => {
    openAs('/auth/login', invalidSession, 'flosum');
    await waitFor(() => expect(document.title).toBe('Flosum Console'));
    expect(screen.getByText('Flosum')).toBeInTheDocument();
  });
});
