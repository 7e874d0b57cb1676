import { APPROVAL_MESSAGES } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ApprovalsPage } from './ApprovalsPage';
import { pendingDelete } from './approvals.fixtures';

const LIST = 'GET /api/v1/approvals';
const mine = {
  ...pendingDelete,
  id: '1d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
  canDecide: false,
  canCancel: true,
};

describe('ApprovalsPage', () => {
  it('lists the pending requests and approves one after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      [LIST]: { body: { requests: [pendingDelete], total: 1 } },
      [`POST /api/v1/approvals/${pendingDelete.id}/approve`]: {
        body: {
          ...pendingDelete,
          status: 'executed',
          canDecide: false,
          executedAt: '2026-11-28T11:00:00.000Z',
        },
      },
    });
    renderWithProviders(<ApprovalsPage />, {
      path: '/approvals',
      session: administrator('EnvironmentAdministrator'),
    });

    const table = await screen.findByRole('table', { name: 'Approvals: Pending' });
    expect(await within(table).findByText('Delete a Salesforce connection')).toBeInTheDocument();
    expect(within(table).getByText('acme-prod')).toBeInTheDocument();
    expect(within(table).getByText('Org retired')).toBeInTheDocument();
    expect(within(table).getByText('Ana Ortiz')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Approve: Delete a Salesforce connection acme-prod' }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('carried out now');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.approved)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/approvals/${pendingDelete.id}/approve`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('denies only with a comment', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    stubFetch({
      [LIST]: { body: { requests: [pendingDelete], total: 1 } },
      [`POST /api/v1/approvals/${pendingDelete.id}/deny`]: (init) => {
        sent = bodyOf(init);
        return { body: { ...pendingDelete, status: 'denied', canDecide: false, comment: 'Still used' } };
      },
    });
    renderWithProviders(<ApprovalsPage />, { path: '/approvals' });
    await user.click(
      await screen.findByRole('button', { name: 'Deny: Delete a Salesforce connection acme-prod' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deny request' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.commentRequired)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByLabelText(/^Comment/), 'Still used');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.denied)).toBeInTheDocument();
    expect(sent).toEqual({ comment: 'Still used' });
  });

  it("offers Cancel on one's own request, neither Approve nor Deny", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      [LIST]: { body: { requests: [mine], total: 1 } },
      [`POST /api/v1/approvals/${mine.id}/cancel`]: {
        body: { ...mine, status: 'cancelled', canCancel: false },
      },
    });
    renderWithProviders(<ApprovalsPage />, { path: '/approvals', url: '/approvals?status=mine' });
    expect(await screen.findByRole('tab', { name: 'My requests', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel request: Delete a Salesforce connection acme-prod' }),
    );
    expect(await screen.findByText(APPROVAL_MESSAGES.cancelled)).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/v1/approvals/${mine.id}/cancel`, expect.anything()),
    );
  });

  it('says when nothing waits', async () => {
    stubFetch({ [LIST]: { body: { requests: [], total: 0 } } });
    renderWithProviders(<ApprovalsPage />, { path: '/approvals' });
    expect(await screen.findByText('Nothing waits for a decision')).toBeInTheDocument();
  });
});
