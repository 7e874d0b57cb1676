import type { RolePermissions } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failedSandbox, productionConnection } from '../../test/connections.fixtures';
import { apiError, stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RoleForm } from './RoleForm';
import { emptyPermissions } from './rolePermissionsForm';

const ROLE_ID = '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d';
const role = {
  id: ROLE_ID,
  name: 'Release managers',
  description: '',
  createdAt: '2025-03-04T14:05:00.000Z',
  updatedAt: '2025-03-04T14:05:00.000Z',
};

/** A DevOps role with full access and every right on one org. */
const fullDevops: RolePermissions = {
  licenses: { roleId: ROLE_ID, backupFullAccess: true, devopsFullAccess: true, devopsReadAccess: false },
  dbr: { permissions: { connections: [] } },
  devops: {
    permissions: {
      pullRequests: 'Contribute',
      pipelines: 'Manage',
      connections: [
        { id: productionConnection.id, name: 'acme-prod', retrieve: true, validate: true, deploy: true },
      ],
    },
  },
};

function renderForm(props: Parameters<typeof RoleForm>[0], services = adminUser.services) {
  return renderWithProviders(<RoleForm {...props} />, {
    path: props.role ? `/roles/${ROLE_ID}/edit` : '/roles/create',
    session: { ...adminUser, services },
  });
}

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const radioGroup = (name: string) => screen.getByRole('radiogroup', { name });
const optionsOf = (name: string) =>
  within(radioGroup(name))
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

describe('RoleForm', () => {
  it('shows a tab per enabled product only', () => {
    renderForm({ initialPermissions: emptyPermissions() }, ['devOps']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['DevOps']);
    expect(screen.getByRole('heading', { name: 'Create Role' })).toBeInTheDocument();
  });

  it('offers Full access only for Backup, and Full or Read for DevOps', () => {
    renderForm({ initialPermissions: emptyPermissions() });
    expect(optionsOf('License level')).toEqual(['Full access']);
    openTab('DevOps');
    expect(optionsOf('License level')).toEqual(['Full access', 'Read access']);
    expect(optionsOf('Pipelines')).toEqual(['Pipeline executions', 'Manage & Execute pipelines']);
    expect(optionsOf('Pull requests')).toEqual(['Read', 'Contribute']);
  });

  it('holds everything to Read access when it is chosen', () => {
    renderForm({ role, initialPermissions: fullDevops });
    openTab('DevOps');
    expect(screen.getByRole('checkbox', { name: 'Deploy: acme-prod' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Read access' }));

    // The option lists shrink to their first option, which is chosen.
    expect(optionsOf('Pipelines')).toEqual(['Pipeline executions']);
    expect(optionsOf('Pull requests')).toEqual(['Read']);
    expect(screen.getByRole('radio', { name: 'Pipeline executions' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Read' })).toBeChecked();
    for (const right of ['Retrieve', 'Validate', 'Deploy']) {
      const box = screen.getByRole('checkbox', { name: `${right}: acme-prod` });
      expect(box).not.toBeChecked();
      expect(box).toBeDisabled();
    }

    // Back to Full access: the options return, the rights can be given again.
    fireEvent.click(screen.getByRole('radio', { name: 'Full access' }));
    expect(optionsOf('Pipelines')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Deploy: acme-prod' })).toBeEnabled();
  });

  it('blocks saving with the banner naming and opening the tab that still needs a licence level', async () => {
    const fetchMock = stubFetch({});
    renderForm({ initialPermissions: emptyPermissions() });
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Auditors' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    openTab('DevOps');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    // Backup & Archive has no level yet: the banner says so and the submit opens its tab.
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'Licenses must be selected to proceed. Choose a license level on the Backup & Archive tab.',
    );
    expect(screen.getByRole('tab', { name: 'Backup & Archive' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(screen.getByRole('radio', { name: 'Full access' }));
    // DevOps still has none: the banner names it now, and its button opens it.
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a license level on the DevOps tab.');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Open DevOps' }));
    expect(screen.getByRole('tab', { name: 'DevOps' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'Read access' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the name before sending', async () => {
    const fetchMock = stubFetch({});
    renderForm({ initialPermissions: emptyPermissions() });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'r'.repeat(81) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name should have less than 80 symbols')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds the chosen connections as rows with every right off', async () => {
    stubFetch({
      'GET /api/v1/connections': { body: { rows: [productionConnection, failedSandbox], count: 2 } },
    });
    renderForm({ initialPermissions: emptyPermissions() });
    fireEvent.click(screen.getByRole('button', { name: 'ADD CONNECTIONS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Connections' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    fireEvent.click(await within(dialog).findByText('acme-prod'));
    fireEvent.click(within(dialog).getByText('qa-box'));
    fireEvent.click(add);

    // Nothing was sent: the toast says the rows are in the form, not that anything was updated.
    expect(await screen.findByText('Connections added. Save the role to keep them.')).toBeInTheDocument();
    expect(screen.queryByText('Organization was successfully updated')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Backup & Archive connection permissions' });
    for (const org of ['acme-prod', 'qa-box']) {
      for (const right of ['Backup & Archive', 'Restore', 'Export', 'App settings']) {
        expect(within(table).getByRole('checkbox', { name: `${right}: ${org}` })).not.toBeChecked();
      }
    }
    fireEvent.click(within(table).getByRole('button', { name: 'Remove qa-box' }));
    expect(within(table).queryByText('qa-box')).not.toBeInTheDocument();
  });

  it('creates the role, then saves its permissions, then shows its details', async () => {
    const calls: string[] = [];
    let sent: RolePermissions | undefined;
    stubFetch({
      'POST /api/v1/roles': () => {
        calls.push('create');
        return { status: 201, body: { id: ROLE_ID } };
      },
      [`PATCH /api/v1/roles/${ROLE_ID}/permissions`]: (init) => {
        calls.push('permissions');
        sent = JSON.parse(String(init?.body));
        return { body: sent };
      },
    });
    const { router } = renderForm({ initialPermissions: emptyPermissions() }, ['backup']);
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Auditors' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Full access' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/roles/${ROLE_ID}`));
    expect(calls).toEqual(['create', 'permissions']);
    expect(sent?.licenses).toEqual({
      backupFullAccess: true,
      devopsFullAccess: false,
      devopsReadAccess: false,
    });
  });

  it('updates the role, then its permissions, then shows its details; Cancel goes to the details', async () => {
    const calls: string[] = [];
    stubFetch({
      [`PATCH /api/v1/roles/${ROLE_ID}`]: () => {
        calls.push('update');
        return { body: role };
      },
      [`PATCH /api/v1/roles/${ROLE_ID}/permissions`]: (init) => {
        calls.push('permissions');
        return { body: JSON.parse(String(init?.body)) };
      },
    });
    const { router } = renderForm({ role, initialPermissions: fullDevops });
    expect(screen.getByRole('heading', { name: 'Edit role: Release managers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/roles/${ROLE_ID}`);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/roles/${ROLE_ID}`));
    expect(calls).toEqual(['update', 'permissions']);
  });

  it("shows the server's refusal of the name next to the field", async () => {
    stubFetch({
      'POST /api/v1/roles': apiError(409, 'CONFLICT', 'A role with this name already exists', {
        name: 'A role with this name already exists',
      }),
    });
    renderForm({ initialPermissions: emptyPermissions() }, ['backup']);
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Auditors' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Full access' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A role with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/roles');
  });

  it('asks before closing Add Connections with ticked connections', async () => {
    stubFetch({
      'GET /api/v1/connections': { body: { rows: [productionConnection, failedSandbox], count: 2 } },
    });
    renderForm({ initialPermissions: emptyPermissions() });
    fireEvent.click(screen.getByRole('button', { name: 'ADD CONNECTIONS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Connections' });
    fireEvent.click(await within(dialog).findByText('acme-prod'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Add Connections' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('table', { name: /connection permissions/ })).toBeInTheDocument();
    expect(screen.queryByText('acme-prod')).not.toBeInTheDocument();
  });

  it('asks before leaving with a changed permission (switching tabs is no leaving)', async () => {
    const { router } = renderForm({ role, initialPermissions: fullDevops });
    openTab('DevOps');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Deploy: acme-prod' }));
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(ask).toHaveTextContent('Your changes have not been saved.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/roles/${ROLE_ID}`));
  });
});
