import type { SessionUser } from '@skyvault/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { stubFetch } from '../test/fetchStub';
import { administrator, memberUser } from '../test/fixtures';
import { currentLocation, openConsole } from '../test/openConsole';
import { NO_ACCESS_TITLE, noAccessReason } from './layout/NoAccessPage';

const USER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const openAs = (path: string, session: SessionUser) =>
  openConsole(path, {
    'GET /api/v1/auth/session': { body: session },
    'GET /api/v1/capabilities': { body: { salesforceConnections: true, supportContact: null } },
    'GET /api/v1/connections/unhealthy': { body: { rows: [], count: 0 } },
    'GET /api/v1/storages/unhealthy': { body: { rows: [], count: 0 } },
    'GET /api/v1/connections': { body: { rows: [], count: 0 } },
    'GET /api/v1/mfa': { body: { rows: [], count: 0 } },
  });

const calledPaths = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('the screen access guard', () => {
  it('shows an administrator without the screen’s read what is missing, and reads nothing of it', async () => {
    const fetchMock = openAs('/users', administrator('EnvironmentAdministrator'));
    expect(await heading(NO_ACCESS_TITLE)).toBeInTheDocument();
    expect(screen.getByText(noAccessReason('users:read'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
    expect(calledPaths(fetchMock)).not.toContain('/api/v1/users');
  });

  it('guards the screens below a link as the link’s own (an item opened by its address)', async () => {
    const fetchMock = openAs(`/users/${USER_ID}`, administrator('EnvironmentAdministrator'));
    expect(await heading(NO_ACCESS_TITLE)).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain(`/api/v1/users/${USER_ID}`);
  });

  it('names the permission of the screen asked for (the audit log of a User administrator)', async () => {
    openAs('/audit-log', administrator('UserAdministrator'));
    expect(await heading(NO_ACCESS_TITLE)).toBeInTheDocument();
    expect(screen.getByText(noAccessReason('audit:read'))).toBeInTheDocument();
  });

  it('opens the screen to whom its read is open', async () => {
    openAs('/connections', administrator('EnvironmentAdministrator'));
    expect(await heading('Connections')).toBeInTheDocument();
    expect(screen.queryByText(NO_ACCESS_TITLE)).not.toBeInTheDocument();
  });

  it('still sends a user who is not an administrator to their own screen', async () => {
    openAs('/users', memberUser);
    expect(await heading('MFA Devices')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/mfa');
    expect(screen.queryByText(NO_ACCESS_TITLE)).not.toBeInTheDocument();
  });
});
