import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { productionConnection } from '../../test/connections.fixtures';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DeleteConnectionDialog } from './DeleteConnectionDialog';

describe('DeleteConnectionDialog', () => {
  it('warns, and deletes only once the connection name is typed', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      [`DELETE /api/v1/connections/${productionConnection.id}`]: { status: 204 },
    });
    const onClose = vi.fn();
    renderWithProviders(<DeleteConnectionDialog connection={productionConnection} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete Connection' });
    expect(dialog).toHaveTextContent('This action is irreversible. Please be certain.');
    const field = screen.getByLabelText(/^Connection name/);
    const remove = screen.getByRole('button', { name: 'Delete' });

    await user.click(remove);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(field, 'acme-pro');
    await user.click(remove);
    expect(await screen.findByText('The connection name must match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(field, 'd ');
    await user.click(remove);
    expect(await screen.findByText('Connection was successfully deleted')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes without a message when the delete fails', async () => {
    const user = userEvent.setup();
    stubFetch({
      [`DELETE /api/v1/connections/${productionConnection.id}`]: apiError(
        404,
        'NOT_FOUND',
        'Connection not found.',
      ),
    });
    const onClose = vi.fn();
    const { handleError } = renderWithProviders(
      <DeleteConnectionDialog connection={productionConnection} onClose={onClose} />,
    );
    await user.type(screen.getByLabelText(/^Connection name/), 'acme-prod');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(handleError).not.toHaveBeenCalled();
    expect(screen.queryByText('Connection was successfully deleted')).not.toBeInTheDocument();
  });
});
