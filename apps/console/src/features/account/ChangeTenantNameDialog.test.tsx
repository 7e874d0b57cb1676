import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionQuery } from '../../core/session/session.queries';
import { apiError, stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ChangeTenantNameDialog } from './ChangeTenantNameDialog';

const nameField = () => screen.getByLabelText(/^Tenant name/);
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('ChangeTenantNameDialog', () => {
  it('starts with the current name and enables Save only for a valid new one', async () => {
    const user = userEvent.setup();
    stubFetch({});
    renderWithProviders(<ChangeTenantNameDialog onClose={vi.fn()} />);
    expect(nameField()).toHaveValue(adminUser.tenant.name);
    expect(saveButton()).toBeDisabled();

    await user.clear(nameField());
    await user.type(nameField(), 'new name');
    expect(
      await screen.findByText(
        'Tenant name should contain only latin letters in upper or lower case, digits and "-", "_" symbols',
      ),
    ).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.clear(nameField());
    await user.type(nameField(), 'abc');
    expect(await screen.findByText('Tenant name should have at least 4 symbols')).toBeInTheDocument();
    await user.type(nameField(), 'd');
    await waitFor(() => expect(saveButton()).toBeEnabled());
  });

  it('shows a taken name on the field', async () => {
    const user = userEvent.setup();
    stubFetch({
      'PATCH /api/v1/tenants': apiError(409, 'CONFLICT', 'This tenant name is already taken', {
        name: 'This tenant name is already taken',
      }),
    });
    const { handleError } = renderWithProviders(<ChangeTenantNameDialog onClose={vi.fn()} />);
    await user.clear(nameField());
    await user.type(nameField(), 'globex{Enter}');

    expect(await screen.findByText('This tenant name is already taken')).toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();
  });

  it('renames the tenant, says so and updates the session', async () => {
    const user = userEvent.setup();
    let renamed = false;
    stubFetch({
      'PATCH /api/v1/tenants': () => {
        renamed = true;
        return { body: { ...adminUser.tenant, name: 'globex' } };
      },
      'GET /api/v1/auth/session': () => ({
        body: { ...adminUser, tenant: { ...adminUser.tenant, name: renamed ? 'globex' : 'acme' } },
      }),
    });
    const onClose = vi.fn();
    const { queryClient } = renderWithProviders(<ChangeTenantNameDialog onClose={onClose} />);
    queryClient.setQueryData(sessionQuery.queryKey, adminUser);
    await user.clear(nameField());
    await user.type(nameField(), 'globex');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());

    expect(await screen.findByText('Tanant name was successfully updated')).toBeInTheDocument();
    expect(queryClient.getQueryData(sessionQuery.queryKey)?.tenant.name).toBe('globex');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
