import { type SecurityOverview, SECURITY_OVERVIEW_TEXTS as TEXTS } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { currentLocation, openConsole } from '../../test/openConsole';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SecurityOverviewPage } from './SecurityOverviewPage';

const FROM = '2026-03-04T10:00:00.000Z';
const USER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const TOKEN_ID = '3f2b8a61-0c1d-4e5f-8a9b-1c2d3e4f5a6b';
const CONNECTION_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const overview: SecurityOverview = {
  window: '24h',
  from: FROM,
  generatedAt: '2026-03-05T09:30:00.000Z',
  signIns: {
    total: { success: 12, failure: 4 },
    byMethod: [
      { method: 'password', success: 8, failure: 3 },
      { method: 'sso-saml', success: 4, failure: 1 },
    ],
    failedByAddress: [{ address: '203.0.113.9', failures: 3 }],
    failedByAccount: [{ userId: USER_ID, email: 'eve@example.com', failures: 4 }],
  },
  accountsWaiting: {
    count: 1,
    accounts: [{ email: 'eve@example.com', userId: USER_ID, until: '2026-03-05T09:45:00.000Z' }],
  },
  unusualSignIns: { count: 0 },
  mfa: { users: 10, enrolled: 7, notEnrolled: 3 },
  apiTokens: {
    total: 2,
    byAge: { under30Days: 1, under90Days: 0, over90Days: 1 },
    unused: 1,
    unusedTokens: [
      { id: TOKEN_ID, name: 'Old script', createdAt: '2025-01-01T00:00:00.000Z', lastUsedAt: null },
    ],
  },
  connections: { unhealthy: 1, rows: [{ id: CONNECTION_ID, name: 'Prod org', status: 'ReauthRequired' }] },
  storages: null,
  credentials: { expiring: [] },
  licenses: { nearEnd: [] },
};

const linkTo = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('SecurityOverviewPage', () => {
  it('shows each figure with a link to the list behind it', async () => {
    stubFetch({ 'GET /api/v1/security-overview': { body: overview } });
    renderWithProviders(<SecurityOverviewPage />, { path: '/security-overview' });

    expect(screen.getByRole('heading', { level: 1, name: TEXTS.title })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading the security overview')).toBeInTheDocument();
    await screen.findByRole('heading', { name: TEXTS.signIns });

    expect(linkTo('12 successful')).toBe(
      `/audit-log?action=sign-in&outcome=success&from=${encodeURIComponent(FROM)}`,
    );
    expect(linkTo('4 failed')).toBe(
      `/audit-log?action=failed-sign-in&outcome=failure&from=${encodeURIComponent(FROM)}`,
    );
    expect(screen.getByText('Single sign-on (SAML)')).toBeInTheDocument();
    const accounts = screen.getByRole('region', { name: TEXTS.failedByAccount });
    expect(within(accounts).getByRole('link', { name: 'eve@example.com' })).toHaveAttribute(
      'href',
      `/audit-log?action=failed-sign-in&outcome=failure&from=${encodeURIComponent(FROM)}&actor=${USER_ID}`,
    );
    const waiting = screen.getByRole('region', { name: TEXTS.accountsWaiting });
    expect(within(waiting).getByRole('link', { name: 'eve@example.com' })).toHaveAttribute(
      'href',
      `/users/${USER_ID}`,
    );
    expect(linkTo('3 not enrolled')).toBe('/users?mfa=notEnrolled');
    expect(screen.getByText('70 %')).toBeInTheDocument();
    expect(screen.getByText('never used')).toBeInTheDocument();
    expect(linkTo('Prod org')).toBe(`/connections/${CONNECTION_ID}`);
    // Parts the roles do not read (storages here) are left out; empty parts say so.
    expect(screen.queryByRole('region', { name: TEXTS.storages })).not.toBeInTheDocument();
    expect(screen.getByText(TEXTS.noCredentialsExpiring)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.noLicensesEnding)).toBeInTheDocument();
  });

  it('asks for the 7 days window and keeps it in the address', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/security-overview': { body: { ...overview, window: '7d' } },
    });
    renderWithProviders(<SecurityOverviewPage />, { path: '/security-overview' });
    await screen.findByRole('heading', { name: TEXTS.signIns });
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.includes('window=7d'))).toBe(
        true,
      ),
    );
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers a retry when the overview cannot be read', async () => {
    stubFetch({
      'GET /api/v1/security-overview': {
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'x' },
      },
    });
    renderWithProviders(<SecurityOverviewPage />, { path: '/security-overview' });
    expect(
      await screen.findByText('The security overview could not be loaded.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the first page', () => {
  const answers = (roles: Parameters<typeof administrator>) => ({
    'GET /api/v1/auth/session': { body: administrator(...roles) },
    'GET /api/v1/capabilities': { body: { salesforceConnections: true, supportContact: null } },
    'GET /api/v1/connections/unhealthy': { body: { rows: [], count: 0 } },
    'GET /api/v1/storages/unhealthy': { body: { rows: [], count: 0 } },
    'GET /api/v1/identity-providers/expiring': { body: { identityProviders: [] } },
    'GET /api/v1/security-overview': { body: overview },
    'GET /api/v1/licenses': { body: { rows: [], count: 0 } },
    'GET /api/v1/setup-guide': { body: { steps: [], dismissed: true } },
  });

  it('is the security overview for Owners and Security administrators', async () => {
    openConsole('/', answers(['SecurityAdministrator']));
    await waitFor(() => expect(currentLocation().pathname).toBe('/security-overview'), { timeout: 5000 });
  });

  it('stays the licences for the other roles', async () => {
    openConsole('/', answers(['EnvironmentAdministrator']));
    await waitFor(() => expect(currentLocation().pathname).toBe('/licenses'), { timeout: 5000 });
  });
});
