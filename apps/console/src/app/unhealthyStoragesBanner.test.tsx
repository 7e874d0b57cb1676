import { STORAGE_MESSAGES } from '@skyvault/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGES_BANNER_LABEL } from '../features/storages/UnhealthyStoragesBanner';
import { stubFetch } from '../test/fetchStub';
import { adminUser } from '../test/fixtures';
import { ConsoleProviders } from './ConsoleProviders';
import { AppRoutes } from './router';

const UNHEALTHY = '/api/v1/storages/unhealthy';
const awsMain = { id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', name: 'aws-main', problem: 'BucketNotFound' };

describe('the unhealthy storages banner in the console', () => {
  function openConsole(path: string, session: typeof adminUser) {
    const fetchMock = stubFetch({
      'GET /api/v1/brand': { body: { brand: 'skyvault' } },
      'GET /api/v1/auth/session': { body: session },
      'GET /api/v1/links': { body: { backup: 'https://backup.example.com/' } },
      'GET /api/analytics': { body: { token: '', host: '', isEnabled: false } },
      'GET /api/v1/mfa': { body: { rows: [], count: 0 } },
      'GET /api/v1/connections/unhealthy': { body: { rows: [], count: 0 } },
      [`GET ${UNHEALTHY}`]: { body: { rows: [awsMain], count: 1 } },
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

  it('shows on the pages of an administrator of a tenant with Backup', async () => {
    openConsole('/mfa', adminUser);
    const banner = await screen.findByRole('status', { name: STORAGES_BANNER_LABEL }, { timeout: 10_000 });
    expect(banner).toHaveTextContent(STORAGE_MESSAGES.banner(['aws-main'], 0));
  }, 15_000);

  it('is not asked for without Backup', async () => {
    const fetchMock = openConsole('/mfa', { ...adminUser, services: ['devOps'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'MFA Devices' }, { timeout: 10_000 }),
    ).toBeVisible();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).not.toContain(UNHEALTHY);
    expect(screen.queryByRole('status', { name: STORAGES_BANNER_LABEL })).not.toBeInTheDocument();
  }, 15_000);
});
