import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace, salesGroup } from '../../test/users.fixtures';
import { UserDetails } from './UserPage';

const roleId = salesGroup.roleId;
const noAccess = { userId: grace.id, roleId: null, groupId: null, backup: null, devOps: null };
const readAccess = {
  userId: grace.id,
  roleId,
  groupId: salesGroup.id,
  backup: null,
  devOps: { level: 'read', pullRequests: 'Read', pipelines: 'ReadAndExecute', connections: [] },
};

describe("the user's page after a save", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the effective permissions and sessions again once the group changed', async () => {
    const ungrouped = { ...grace, groupId: null, group: null };
    let saved = false;
    const fetchMock = stubFetch({
      [`GET /api/v1/users/${grace.id}`]: () => ({ body: saved ? grace : ungrouped }),
      [`PATCH /api/v1/users/${grace.id}`]: () => {
        saved = true;
        return { body: grace };
      },
      [`GET /api/v1/users/${grace.id}/permissions`]: () => ({ body: saved ? readAccess : noAccess }),
      [`GET /api/v1/users/${grace.id}/sessions`]: { body: { sessions: [] } },
      [`GET /api/v1/users/${grace.id}/mfa`]: {
        body: { totpDevices: 0, passkeys: 0, recoveryCodesRemaining: 0, enrolled: false },
      },
      [`GET /api/v1/users/${grace.id}/sign-ins`]: { body: { signIns: [] } },
      'GET /api/v1/groups': { body: { groups: [salesGroup], total: 1 } },
    });
    const calls = (path: string) =>
      fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path)
        .length;
    renderWithProviders(<UserDetails id={grace.id} />, { path: `/users/${grace.id}` });
    expect(await screen.findByText(/No group with a role/)).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Group' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sales team' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Licence: Read access')).toBeInTheDocument();
    expect(calls(`/api/v1/users/${grace.id}/permissions`)).toBe(2);
    expect(calls(`/api/v1/users/${grace.id}/sessions`)).toBe(2);
  });
});
