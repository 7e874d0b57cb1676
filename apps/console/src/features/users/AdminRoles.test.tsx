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
const answer = (adminRoles: string[]) => ({ body: { adminRoles, permissions: [] } });

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
