import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { GroupAdminRolesCard } from './GroupAdminRolesCard';

const GROUP = '00000000-0000-4000-8000-000000000009';
const ROLES = `/api/v1/groups/${GROUP}/admin-roles`;

describe("a group's administrator roles", () => {
  it('lets an Owner tick and save the roles its members hold', async () => {
    let saved: unknown;
    stubFetch({
      [`GET ${ROLES}`]: { body: { adminRoles: ['Auditor'], permissions: [] } },
      [`PUT ${ROLES}`]: (init) => {
        saved = bodyOf(init);
        return { body: { adminRoles: ['EnvironmentAdministrator', 'Auditor'], permissions: [] } };
      },
    });
    renderWithProviders(<GroupAdminRolesCard groupId={GROUP} />, {
      path: `/groups/${GROUP}`,
      session: administrator('Owner'),
    });
    expect(await screen.findByRole('checkbox', { name: /Auditor/ })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: /Environment administrator/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(saved).toEqual({ adminRoles: ['EnvironmentAdministrator', 'Auditor'] }));
    expect(await screen.findByText("The group's administrator roles were saved")).toBeInTheDocument();
  });

  it('shows them read-only to a User administrator, and nothing to whom may not read roles', async () => {
    stubFetch({ [`GET ${ROLES}`]: { body: { adminRoles: ['Owner'], permissions: [] } } });
    renderWithProviders(<GroupAdminRolesCard groupId={GROUP} />, {
      path: `/groups/${GROUP}`,
      session: administrator('UserAdministrator'),
    });
    expect(await screen.findByText('Owner')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
