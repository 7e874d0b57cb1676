import type { GroupUser } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { salesGroup as group } from '../../test/users.fixtures';
import { CreateGroupDialog } from './CreateGroupDialog';
import { GroupDetails } from './GroupPage';

const url = `/api/v1/groups/${group.id}`;
const alan: GroupUser = {
  id: '8f1a2b3c-4d5e-4f6a-8b7c-8d9e0f1a2b3c',
  email: 'alan@example.com',
  firstName: 'Alan',
  lastName: 'Turing',
  adminRoles: [],
  updatedAt: group.updatedAt,
};
const role = { ...group.role, description: '', createdAt: group.createdAt, updatedAt: group.updatedAt };

function renderDetails(patch: Parameters<typeof stubFetch>[0][string]) {
  const fetchMock = stubFetch({
    [`GET ${url}`]: { body: group },
    [`GET ${url}/users`]: { body: { rows: [alan], count: 1 } },
    [`GET ${url}/admin-roles`]: { body: { adminRoles: [], permissions: [] } },
    [`PATCH ${url}`]: patch,
  });
  renderWithProviders(<GroupDetails id={group.id} />, { path: `/groups/${group.id}` });
  return fetchMock;
}

async function pickAlan() {
  const open = await screen.findByRole('button', { name: 'Add members' });
  // It waits for the group.
  await waitFor(() => expect(open).toBeEnabled());
  fireEvent.click(open);
  const dialog = await screen.findByRole('dialog', { name: 'Add members' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Users' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Alan Turing (alan@example.com)' }));
  return dialog;
}

describe('Add members on a group’s page', () => {
  it('adds the picked users in one save, with its toast', async () => {
    const fetchMock = renderDetails({ body: { ...group, userCount: 2 } });
    const dialog = await pickAlan();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Users updated successfully')).toBeInTheDocument();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches.map(([, init]) => bodyOf(init))).toEqual([{ addUsers: [{ id: alan.id }] }]);
  });

  it('shows a seat refusal at the picker and stays open', async () => {
    const refusal = 'Not enough DevOps seats: 0 available, 1 needed.';
    renderDetails(apiError(409, 'CONFLICT', refusal, { addUsers: refusal }));
    const dialog = await pickAlan();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(dialog).getByText(refusal)).toBeInTheDocument());
    expect(within(dialog).getByRole('combobox', { name: 'Users' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Users updated successfully')).not.toBeInTheDocument();
  });

  it('asks before closing with picked users (Esc), and closes when told to discard', async () => {
    renderDetails({ body: group });
    const dialog = await pickAlan();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Add members' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Create group', () => {
  it('goes to the new group’s page once created', async () => {
    stubFetch({
      'GET /api/v1/roles': { body: { roles: [role], total: 1 } },
      'POST /api/v1/groups': (init) => ({ status: 201, body: { ...group, ...bodyOf(init), userCount: 0 } }),
    });
    const { router } = renderWithProviders(<CreateGroupDialog onClose={() => {}} />, { path: '/groups' });
    const dialog = await screen.findByRole('dialog', { name: 'Create group' });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Sales team' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Viewers' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Group was successfully created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${group.id}`));
  });

  it('closes at once when nothing was typed', async () => {
    stubFetch({ 'GET /api/v1/roles': { body: { roles: [role], total: 1 } } });
    renderWithProviders(<CreateGroupDialog onClose={() => {}} />, { path: '/groups' });
    const dialog = await screen.findByRole('dialog', { name: 'Create group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
