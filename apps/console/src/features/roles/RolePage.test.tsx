import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RoleDetails } from './RolePage';

const ID = '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d';
const ROLE_PATH = `/api/v1/roles/${ID}`;
const role = {
  id: ID,
  name: 'Release managers',
  description: 'Deploy to production',
  createdAt: '2025-03-04T14:05:00.000Z',
  updatedAt: '2025-03-04T14:05:00.000Z',
};
const permissions = {
  licenses: { roleId: ID, backupFullAccess: true, devopsFullAccess: false, devopsReadAccess: true },
  dbr: {
    permissions: {
      connections: [
        {
          id: ID,
          name: 'acme-prod',
          backupAndArchive: true,
          restore: false,
          export: false,
          appSettings: true,
        },
      ],
    },
  },
  devops: { permissions: { pullRequests: 'Read', pipelines: 'ReadAndExecute', connections: [] } },
};

const renderDetails = (services = adminUser.services) =>
  renderWithProviders(<RoleDetails id={ID} />, { path: `/roles/${ID}`, session: { ...adminUser, services } });

describe('RoleDetails', () => {
  it('shows what the role grants, read-only, a tab per enabled product', async () => {
    stubFetch({
      [`GET ${ROLE_PATH}`]: { body: role },
      [`GET ${ROLE_PATH}/permissions`]: { body: permissions },
    });
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Role: Release managers' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Backup & Archive', 'DevOps']);
    const table = await screen.findByRole('table', { name: 'Backup & Archive connection permissions' });
    const box = within(table).getByRole('checkbox', { name: 'Backup & Archive: acme-prod' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'ADD CONNECTIONS' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'DevOps' }));
    expect(screen.getByRole('radio', { name: 'Read access' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/roles/${ID}/edit`);
  });

  it('hides the tab of a product the tenant lacks', async () => {
    stubFetch({
      [`GET ${ROLE_PATH}`]: { body: role },
      [`GET ${ROLE_PATH}/permissions`]: { body: permissions },
    });
    renderDetails(['devOps']);
    await screen.findByRole('heading', { name: 'Role: Release managers' });
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['DevOps']));
  });

  it('deletes after confirmation, then goes back to the list', async () => {
    stubFetch({
      [`GET ${ROLE_PATH}`]: { body: role },
      [`GET ${ROLE_PATH}/permissions`]: { body: permissions },
      [`DELETE ${ROLE_PATH}`]: { status: 204 },
    });
    const { router } = renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this role?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role was successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
  });
});
