import { ADMIN_ROLE_DEFINITIONS, type User } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace } from '../../test/users.fixtures';
import { AdminRolesCard } from './AdminRolesCard';
import { UserActions } from './UserActions';
import { UsersPage } from './UsersPage';

const ROLES = `/api/v1/users/${grace.id}/admin-roles`;
const [G1, A1, C1, X1] = [1, 2, 3, 4].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const direct = { source: 'direct', grantId: null, groupId: null, groupName: null, expiresAt: null };
const answer = (adminRoles: string[], others: object[] = [], resourceGrants: object[] = []) => ({
  body: {
    adminRoles,
    permissions: [],
    sources: [...adminRoles.map((role) => ({ ...direct, role })), ...others],
    resourceGrants,
  },
});

describe('administrator roles in the console', () => {
  it('lets an Owner tick roles, with their descriptions, and save them', async () => {
    let saved: unknown;
    stubFetch({
      [`GET ${ROLES}`]: answer(['Auditor']),
      [`PUT ${ROLES}`]: (init) => {
        saved = bodyOf(init);
        return answer(['SecurityAdministrator', 'Auditor']);
      },
      [`GET /api/v1/users/${grace.id}`]: { body: grace },
    });
    renderWithProviders(<AdminRolesCard userId={grace.id} />, {
      path: `/users/${grace.id}`,
      session: administrator('Owner'),
    });
    const auditor = await screen.findByRole('checkbox', { name: /Auditor/ });
    expect(auditor).toBeChecked();
    expect(screen.getByText(ADMIN_ROLE_DEFINITIONS.SecurityAdministrator.description)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /Security administrator/ }));
    fireEvent.click(save);
    await waitFor(() => expect(saved).toEqual({ adminRoles: ['SecurityAdministrator', 'Auditor'] }));
    expect(await screen.findByText('Administrator roles were successfully saved')).toBeInTheDocument();
  });

  it('shows the roles read-only to whom may not set them', async () => {
    stubFetch({ [`GET ${ROLES}`]: answer(['EnvironmentAdministrator']) });
    renderWithProviders(<AdminRolesCard userId={grace.id} />, {
      path: `/users/${grace.id}`,
      session: administrator('UserAdministrator'),
    });
    expect(await screen.findByText('Environment administrator')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save roles' })).not.toBeInTheDocument();
  });

  it('shows roles through a group and for a time, ends one early, and grants a role for a time', async () => {
    let granted: unknown;
    let ended = false;
    const until = '2030-01-02T10:00:00.000Z';
    stubFetch({
      [`GET ${ROLES}`]: answer(
        ['Auditor'],
        [
          {
            ...direct,
            role: 'EnvironmentAdministrator',
            source: 'group',
            groupId: G1,
            groupName: 'Platform',
          },
          { ...direct, role: 'UserAdministrator', source: 'temporary', grantId: A1, expiresAt: until },
        ],
        [
          {
            id: C1,
            permission: 'connections:write',
            resourceType: 'connection',
            resourceId: X1,
            resourceName: 'Prod org',
            expiresAt: until,
          },
        ],
      ),
      [`DELETE ${`/api/v1/users/${grace.id}/temporary-access/${A1}`}`]: () => {
        ended = true;
        return { status: 204 };
      },
      [`POST /api/v1/users/${grace.id}/temporary-access`]: (init) => {
        granted = bodyOf(init);
        return { status: 201, ...answer(['Auditor']) };
      },
      [`GET /api/v1/users/${grace.id}`]: { body: grace },
    });
    renderWithProviders(<AdminRolesCard userId={grace.id} />, {
      path: `/users/${grace.id}`,
      session: administrator('Owner'),
    });
    expect(await screen.findByText('through group Platform')).toBeInTheDocument();
    // Only the user's own roles are ticked: saving keeps the others where they come from.
    expect(screen.getByRole('checkbox', { name: /Auditor/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Environment administrator/ })).not.toBeChecked();
    expect(screen.getByText('connections:write on Prod org')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'End now: User administrator' }));
    await waitFor(() => expect(ended).toBe(true));

    const form = screen.getByRole('form', { name: 'Grant for a time' });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Security administrator' }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'For' }));
    fireEvent.click(await screen.findByRole('option', { name: '4 hours' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(granted).toEqual({ role: 'SecurityAdministrator', durationMinutes: 240 }));
    expect(await screen.findByText('The role was granted for a time')).toBeInTheDocument();
  });

  it('gives an Auditor the users list without Create, Invite or the user actions', async () => {
    const admin: User = { ...grace, isAdmin: true, adminRoles: ['Owner', 'Auditor'] };
    stubFetch({ 'GET /api/v1/users': { body: { users: [admin], total: 1, next: null } } });
    const auditor = administrator('Auditor');
    renderWithProviders(<UsersPage />, { path: '/users', session: auditor });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Owner, Auditor')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();

    renderWithProviders(<UserActions user={grace} />, { path: `/users/${grace.id}`, session: auditor });
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('gives a User administrator Create and the user actions', async () => {
    stubFetch({ 'GET /api/v1/users': { body: { users: [grace], total: 1, next: null } } });
    const userAdmin = administrator('UserAdministrator');
    renderWithProviders(<UsersPage />, { path: '/users', session: userAdmin });
    expect(await screen.findByRole('button', { name: 'Create' })).toBeInTheDocument();
    renderWithProviders(<UserActions user={grace} />, { path: `/users/${grace.id}`, session: userAdmin });
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    for (const item of ['Reset password', 'Disable', 'Delete'])
      expect(screen.getByRole('menuitem', { name: item })).toBeInTheDocument();
  });
});
