import { ADMIN_ROLE_MESSAGES, groupEndpoints } from '@skyvault/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FormActions } from './FormActions';

const renderAs = (session: ReturnType<typeof administrator>) =>
  renderWithProviders(
    <form>
      <FormActions endpoint={groupEndpoints.update} cancelTo="/groups/1" />
    </form>,
    { path: '/groups/1/edit', session },
  );

describe('FormActions', () => {
  it('leaves Save out for whom the call is not open, says why and offers the way back', () => {
    renderAs(administrator('Auditor'));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText(ADMIN_ROLE_MESSAGES.missingPermission('users:write'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/groups/1');
  });

  it('offers Save and Cancel to whom it is open', () => {
    renderAs(administrator('UserAdministrator'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeInTheDocument();
  });
});
