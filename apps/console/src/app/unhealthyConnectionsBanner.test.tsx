import { CONNECTION_HEALTH_TEXTS } from '@skyvault/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BANNER_LABEL } from '../features/connections/UnhealthyConnectionsBanner';
import { stubFetch } from '../test/fetchStub';
import { adminUser, memberUser } from '../test/fixtures';
import { ConsoleProviders } from './ConsoleProviders';
import { AppRoutes } from './router';

const UNHEALTHY = '/api/v1/connections/unhealthy';
const acmeProd = {
  id: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  name: 'acme-prod',
  status: 'ReauthRequired',
  reason: 'user_inactive',
};

describe('the unhealthy connections banner in the console', () => {
  function openConsole(path: string, session: typeof adminUser) {
    const fetchMock = stubFetch({
      'GET /api/v1/brand': { body: { brand: 'skyvault' } },
      'GET /api/v1/auth/session': { body: session },
      'GET /api/v1/links': { body: { backup: 'https://backup.example.com/' } },
      'GET /api/analytics': { body: { token: '', host: '', isEnabled: false } },
      'GET /api/v1/mfa': { body: { rows: [], count: 0 } },
      'GET /api/v1/storages/unhealthy': { body: { rows: [], count: 0 } },
      [`GET ${UNHEALTHY}`]: { body: { rows: [acmeProd], count: 1 } },
    });
    render(
      <MemoryRouter initialEntries={[path]}>
        <ConsoleProviders>
          <AppRoutes />
        </ConsoleProviders>
      </MemoryRouter>,
    );
    return fetchMock;
  }

  it('shows on the pages of an administrator', async () => {
    openConsole('/mfa', adminUser);
    const banner = await screen.findByRole('status', { name: BANNER_LABEL }, { timeout: 10_000 });
    expect(banner).toHaveTextContent(CONNECTION_HEALTH_TEXTS.banner(['acme-prod'], 0));
  }, 15_000);

  it('is not asked for by other users', async () => {
    const fetchMock = openConsole('/mfa', memberUser);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'MFA Devices' }, { timeout: 10_000 }),
    ).toBeVisible();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).not.toContain(UNHEALTHY);
    expect(screen.queryByRole('status', { name: BANNER_LABEL })).not.toBeInTheDocument();
  }, 15_000);
});
