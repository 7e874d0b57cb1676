import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { fieldLabelled } from '../../test/fields';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const field = (label: string) => fieldLabelled(label);
const changeButton = () => screen.getByRole('button', { name: 'Change' });

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  again: string,
) {
  await user.type(field('Current password'), current);
  await user.type(field('New password'), next);
  await user.type(field('Confirm new password'), again);
}

describe('ChangePasswordDialog', () => {
  it('keeps Change disabled until every rule is met and the passwords match', async () => {
    const user = userEvent.setup();
    stubFetch({});
    renderWithProviders(<ChangePasswordDialog onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
    expect(changeButton()).toBeDisabled();

    await fillIn(user, 'old-secret', 'Secret-1', 'Secret-2');
    await user.click(field('New password'));
    expect(screen.getByText('Passwords are not the same')).toBeInTheDocument();
    expect(changeButton()).toBeDisabled();

    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'Secret-1');
    expect(changeButton()).toBeEnabled();

    // The checklist asks for a number too, although the server would take the password without one.
    await user.clear(field('New password'));
    await user.type(field('New password'), 'Secret-!');
    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'Secret-!');
    expect(screen.getByRole('list', { name: 'Password requirements' })).toHaveTextContent(
      '1 number (not met)',
    );
    expect(changeButton()).toBeDisabled();
  });

  it('shows a wrong current password on its field and stays open', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/v1/users/password': apiError(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        oldPassword: 'Current password is incorrect',
      }),
    });
    const onClose = vi.fn();
    const { handleError } = renderWithProviders(<ChangePasswordDialog onClose={onClose} />);
    await fillIn(user, 'wrong-one', 'Secret-1', 'Secret-1');
    await user.click(changeButton());

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(handleError).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('changes the password, says so and closes', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ 'POST /api/v1/users/password': { status: 204 } });
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog onClose={onClose} />);
    await fillIn(user, 'old-secret', 'Secret-1', 'Secret-1{Enter}');

    expect(await screen.findByText('Password was successfully updated')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      oldPassword: 'old-secret',
      newPassword: 'Secret-1',
    });
    expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
  });
});
