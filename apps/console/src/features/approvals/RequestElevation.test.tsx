import { APPROVAL_MESSAGES } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ApprovalsPage } from './ApprovalsPage';
import { pendingElevation } from './approvals.fixtures';

const LIST = 'GET /api/v1/approvals';

/** The inbox of a User administrator, with "Request elevation" opened; `sent()` is the body sent, if any. */
async function openDialog() {
  const user = userEvent.setup();
  let sent: unknown;
  stubFetch({
    [LIST]: { body: { requests: [], total: 0 } },
    'POST /api/v1/approvals/elevation': (init) => {
      sent = bodyOf(init);
      return { status: 201, body: { ...pendingElevation, canDecide: false, canCancel: true } };
    },
  });
  renderWithProviders(<ApprovalsPage />, { path: '/approvals', session: administrator('UserAdministrator') });
  await user.click(await screen.findByRole('button', { name: 'Request elevation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Request elevation' });
  return { user, dialog, sent: () => sent };
}

describe('Request elevation', () => {
  it('asks for a role for a time with a reason, checked before it is sent', async () => {
    const { user, dialog, sent } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(APPROVAL_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Restore for ticket 981');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText('Choose a role, or a permission on one connection'),
    ).toBeInTheDocument();
    expect(sent()).toBeUndefined();

    await user.click(within(dialog).getByRole('combobox', { name: /^Access/ }));
    await user.click(await screen.findByRole('option', { name: 'Role: Environment administrator' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^For/ }));
    await user.click(await screen.findByRole('option', { name: '4 hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText(APPROVAL_MESSAGES.elevationRequested)).toBeInTheDocument();
    expect(sent()).toEqual({
      role: 'EnvironmentAdministrator',
      durationMinutes: 240,
      reason: 'Restore for ticket 981',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a permission on one connection by its ID', async () => {
    const { user, dialog, sent } = await openDialog();
    await user.click(within(dialog).getByRole('combobox', { name: /^Access/ }));
    await user.click(await screen.findByRole('option', { name: 'Change one connection' }));
    await user.click(within(dialog).getByRole('textbox', { name: /^Connection ID/ }));
    await user.paste('3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b');
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Renew the token');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.elevationRequested)).toBeInTheDocument();
    expect(sent()).toEqual({
      permission: 'connections:write',
      connectionId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      durationMinutes: 60,
      reason: 'Renew the token',
    });
  });

  it('shows an elevation in the inbox with what it asks for, and approving it toasts', async () => {
    const user = userEvent.setup();
    stubFetch({
      [LIST]: { body: { requests: [pendingElevation], total: 1 } },
      [`POST /api/v1/approvals/${pendingElevation.id}/approve`]: {
        body: { ...pendingElevation, status: 'executed', canDecide: false },
      },
    });
    renderWithProviders(<ApprovalsPage />, { path: '/approvals' });
    const table = await screen.findByRole('table', { name: 'Approvals: Pending' });
    expect(await within(table).findByText('Role: Environment administrator for 4 hours')).toBeInTheDocument();
    expect(within(table).getByText('Restore for ticket 981')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /^Approve: Elevation for a time/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('granted now, as your decision');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.approved)).toBeInTheDocument();
  });
});
