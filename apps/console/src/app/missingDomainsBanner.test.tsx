import { DOMAIN_MESSAGES } from '@skyvault/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MISSING_DOMAINS_LABEL } from '../features/domains/MissingDomainsBanner';
import { stubFetch } from '../test/fetchStub';
import { adminUser, memberUser } from '../test/fixtures';
import { ConsoleProviders } from './ConsoleProviders';
import { AppRoutes } from './router';

const DOMAINS = '/api/v1/domains';
const domain = (name: string, missingSince: string | null) => ({
  id: crypto.randomUUID(),
  domain: name,
  status: 'Verified',
  txtName: `_skyvault-verification.${name}`,
  txtValue: 'skyvault-verification=abc',
  verifiedAt: '2026-11-01T10:00:00.000Z',
  checkedAt: '2026-11-20T10:00:00.000Z',
  lastFound: [],
  lastError: missingSince ? `No DNS name _skyvault-verification.${name} exists yet (NXDOMAIN).` : null,
  missingSince,
  lapsesAt: missingSince ? '2026-11-27T10:00:00.000Z' : null,
  createdAt: '2026-11-01T09:00:00.000Z',
});

describe('the missing domain records banner in the console', () => {
  function openConsole(path: string, session: typeof adminUser) {
    const fetchMock = stubFetch({
      'GET /api/v1/brand': { body: { brand: 'skyvault' } },
      'GET /api/v1/auth/session': { body: session },
      'GET /api/v1/links': { body: { backup: 'https://backup.example.com/' } },
      'GET /api/analytics': { body: { token: '', host: '', isEnabled: false } },
      'GET /api/v1/mfa': { body: { rows: [], count: 0 } },
      'GET /api/v1/storages/unhealthy': { body: { rows: [], count: 0 } },
      'GET /api/v1/connections/unhealthy': { body: { rows: [], count: 0 } },
      [`GET ${DOMAINS}`]: {
        body: {
          domains: [domain('acme.com', '2026-11-20T10:00:00.000Z'), domain('fine.example.com', null)],
          total: 2,
        },
      },
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

  it('names the verified domains whose record went missing, on the pages of an administrator', async () => {
    openConsole('/mfa', adminUser);
    const banner = await screen.findByRole('status', { name: MISSING_DOMAINS_LABEL }, { timeout: 10_000 });
    expect(banner).toHaveTextContent(DOMAIN_MESSAGES.banner(['acme.com']));
    expect(banner).not.toHaveTextContent('fine.example.com');
  }, 15_000);

  it('is not asked for by other users', async () => {
    const fetchMock = openConsole('/mfa', memberUser);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'MFA Devices' }, { timeout: 10_000 }),
    ).toBeVisible();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).not.toContain(DOMAINS);
    expect(screen.queryByRole('status', { name: MISSING_DOMAINS_LABEL })).not.toBeInTheDocument();
  }, 15_000);
});
