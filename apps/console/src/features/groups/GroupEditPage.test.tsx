import type { Group, GroupUser } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { salesGroup as group } from '../../test/users.fixtures';
import { GroupEdit } from './GroupEditPage';

const developers = { id: '4d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f10', name: 'Developers' };
const roles = [
  { ...group.role, description: '', createdAt: group.createdAt, updatedAt: group.updatedAt },
  { ...developers, description: '', createdAt: group.createdAt, updatedAt: group.updatedAt },
];
const member: GroupUser = {
  id: '7e0f1a2b-3c4d-4e5f-9a6b-7c8d9e0f1a2b',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  adminRoles: [],
  updatedAt: group.updatedAt,
};
const candidate: GroupUser = {
  ...member,
  id: '8f1a2b3c-4d5e-4f6a-8b7c-8d9e0f1a2b3c',
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.com',
};

const url = `/api/v1/groups/${group.id}`;

function renderEdit(extra: Record<string, FetchRoute> = {}) {
  const sent: { key: string; body?: unknown }[] = [];
  const record =
    (key: string, answer: FetchRoute): FetchRoute =>
    (init) => {
      sent.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return typeof answer === 'function' ? answer(init) : answer;
    };
  stubFetch({
    [`GET ${url}`]: { body: group },
    // Members and picker candidates come from the same call (isRelated true or false).
    [`GET ${url}/users`]: { body: { rows: [member, candidate], count: 2 } },
    'GET /api/v1/roles': { body: { roles, total: 2 } },
    ...Object.fromEntries(Object.entries(extra).map(([key, answer]) => [key, record(key, answer)])),
  });
  const view = renderWithProviders(<GroupEdit id={group.id} />, { path: `/groups/${group.id}/edit` });
  return { ...view, sent };
}

async function pickRole(name: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Role/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('Edit group: changing the role', () => {
  it('asks first; cancelling keeps the role and the users', async () => {
    renderEdit();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit group: Sales team' }),
    ).toBeInTheDocument();
    await pickRole('Developers');
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to change the role?' });
    expect(
      within(confirm).getByText('All assigned users will be removed from the group!'),
    ).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: /^Role/ })).toHaveValue('Viewers');
    expect(await screen.findByRole('table', { name: 'Group users' })).toBeInTheDocument();
  });

  it('once confirmed, shows the users as leaving and saves the role, which clears them', async () => {
    const changed: Group = {
      ...group,
      roleId: developers.id,
      role: developers,
      roleName: 'Developers',
      userCount: 0,
    };
    const { sent, router } = renderEdit({ [`PATCH ${url}`]: { body: changed } });
    await pickRole('Developers');
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to change the role?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(await screen.findByText('All assigned users will be removed from the group!')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Group users' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Role/ })).toHaveValue('Developers');
    // Going back to the group's role asks nothing and keeps the users; leaving it again asks again.
    await pickRole('Viewers');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Group users' })).toBeInTheDocument();
    await pickRole('Developers');
    const again = await screen.findByRole('dialog', { name: 'Are you sure you want to change the role?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group updated successfully')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        key: `PATCH ${url}`,
        body: { name: 'Sales team', description: '', roleId: developers.id, addUsers: [], removeUsers: [] },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${group.id}`));
  });
});

describe('Edit group: one save', () => {
  const pickCandidate = async () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Add users' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alan Turing (alan@example.com)' }));
  };

  it('sends the fields, the picked users and the marked ones in one call, with one toast', async () => {
    const { sent, router } = renderEdit({ [`PATCH ${url}`]: { body: group } });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace' }));
    await pickCandidate();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Group updated successfully')).toBeInTheDocument();
    expect(sent.map(({ key, body }) => [key, body])).toEqual([
      [
        `PATCH ${url}`,
        {
          name: 'Sales team',
          description: '',
          roleId: group.roleId,
          addUsers: [{ id: candidate.id }],
          removeUsers: [{ id: member.id }],
        },
      ],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${group.id}`));
    expect(screen.queryByText('Users updated successfully')).not.toBeInTheDocument();
  });

  it('a refusal of the users shows at the picker, no success toast, and the form stays', async () => {
    const refusal = 'Not enough DevOps seats: 0 available, 1 needed.';
    const { router } = renderEdit({
      [`PATCH ${url}`]: apiError(409, 'CONFLICT', refusal, { addUsers: refusal }),
    });
    await screen.findByRole('table', { name: 'Group users' });
    await pickCandidate();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Add users' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Group updated successfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/groups/${group.id}/edit`);
  });

  it('asks before leaving with unsaved changes; Keep editing stays, Discard leaves', async () => {
    const { router } = renderEdit();
    await screen.findByRole('table', { name: 'Group users' });
    fireEvent.input(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Sales team 2' } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/groups/${group.id}/edit`);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Sales team 2');

    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${group.id}`));
  });
});
