import { APPROVAL_MESSAGES, APPROVAL_REASON_HEADER, ERROR_MESSAGES } from '@skyvault/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApprovalReasonHost } from '../features/approvals/ApprovalReasonHost';
import { pendingDelete } from '../features/approvals/approvals.fixtures';
import { DeleteConnectionDialog } from '../features/connections/DeleteConnectionDialog';
import { productionConnection } from '../test/connections.fixtures';
import { apiError, stubFetch } from '../test/fetchStub';
import { renderWithProviders } from '../test/renderWithProviders';

/**
 * A guarded change on any screen (here a connection's delete) goes through the shell's one "Request
 * approval" dialog (features/approvals/ApprovalReasonHost, core/api/approvalGate.ts).
 */
const DELETE = `DELETE /api/v1/connections/${productionConnection.id}`;

/** The API as it answers a tenant that puts connection deletes under approval. */
function guardedDelete() {
  const reasons: Array<string | null> = [];
  const fetchMock = stubFetch({
    [DELETE]: (init) => {
      const reason = new Headers(init?.headers).get(APPROVAL_REASON_HEADER);
      reasons.push(reason);
      return reason === null
        ? apiError(409, 'APPROVAL_REQUIRED', ERROR_MESSAGES.APPROVAL_REQUIRED)
        : { status: 202, body: { ...pendingDelete, reason: decodeURIComponent(reason), canDecide: false } };
    },
  });
  return { fetchMock, reasons };
}

async function confirmDelete(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Connection name/), 'acme-prod');
  await user.click(screen.getByRole('button', { name: 'Delete' }));
}

describe('Request approval', () => {
  it('asks for a reason, sends the same call with it, and says the request was sent', async () => {
    const user = userEvent.setup();
    const { reasons } = guardedDelete();
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <ApprovalReasonHost />
        <DeleteConnectionDialog connection={productionConnection} onClose={onClose} />
      </>,
    );
    await confirmDelete(user);

    const dialog = await screen.findByRole('dialog', { name: 'Request approval' });
    expect(dialog).toHaveTextContent('second administrator');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.reasonRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Reason/), 'Org retired — ticket 4711');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText(APPROVAL_MESSAGES.requestSent)).toBeInTheDocument();
    expect(reasons).toEqual([null, encodeURIComponent('Org retired — ticket 4711')]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Nothing was deleted: the delete's own toast never shows.
    expect(screen.queryByText('Connection was successfully deleted')).not.toBeInTheDocument();
  });

  it('sends nothing more when the reason dialog is closed', async () => {
    const user = userEvent.setup();
    const { reasons } = guardedDelete();
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <ApprovalReasonHost />
        <DeleteConnectionDialog connection={productionConnection} onClose={onClose} />
      </>,
    );
    await confirmDelete(user);
    await screen.findByRole('dialog', { name: 'Request approval' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reasons).toEqual([null]);
    expect(screen.queryByText(APPROVAL_MESSAGES.requestSent)).not.toBeInTheDocument();
  });

  it('leaves an APPROVAL_REQUIRED that a reason cannot answer to the screen', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      [DELETE]: apiError(409, 'APPROVAL_REQUIRED', APPROVAL_MESSAGES.tokenCannotRequest),
    });
    renderWithProviders(
      <>
        <ApprovalReasonHost />
        <DeleteConnectionDialog connection={productionConnection} onClose={() => {}} />
      </>,
    );
    await confirmDelete(user);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Request approval' })).not.toBeInTheDocument();
  });
});
