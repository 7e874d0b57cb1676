import { CONNECTION_STORAGE_WORDS, SUPPORT_MESSAGES } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownStorage } from '../../test/connections.fixtures';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { choose, fill } from '../../test/fields';
import { adminUser, capabilities } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ConnectionsPage } from './ConnectionsPage';
import { CreateConnectionDialog } from './CreateConnectionDialog';

describe('Create connection: no dead ends', () => {
  afterEach(() => vi.useRealTimers());

  it('says at once that Salesforce is not set up, whom to contact, and keeps Save off', async () => {
    stubFetch(capabilities({ salesforceConnections: false, supportContact: 'help@platform.example.com' }));
    renderWithProviders(<CreateConnectionDialog onClose={vi.fn()} />, {
      session: { ...adminUser, services: ['devOps'] },
    });
    const dialog = screen.getByRole('dialog', { name: 'Create connection' });
    await within(dialog).findByText(SUPPORT_MESSAGES.salesforceUnavailable, { exact: false });
    const notice = within(dialog).getAllByRole('alert')[0]!;
    expect(notice).toHaveTextContent(
      `${SUPPORT_MESSAGES.salesforceUnavailable} Contact help@platform.example.com ${SUPPORT_MESSAGES.salesforceContact}`,
    );
    expect(notice).not.toHaveTextContent(/SALESFORCE_/);
    expect(within(notice).getByRole('link', { name: 'help@platform.example.com' })).toHaveAttribute(
      'href',
      'mailto:help@platform.example.com',
    );
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says it on the Connections screen too, above its empty state, in words without a contact', async () => {
    stubFetch({
      ...capabilities({ salesforceConnections: false }),
      'GET /api/v1/connections': { body: { rows: [], count: 0 } },
    });
    renderWithProviders(<ConnectionsPage />, { path: '/connections' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${SUPPORT_MESSAGES.salesforceUnavailable} ${SUPPORT_MESSAGES.salesforceNoContact}`,
    );
    expect(screen.getByText('No connections yet')).toBeInTheDocument();
  });

  it('offers to add the first storage instead of an empty picker, and chooses the new one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let storages: (typeof ownStorage)[] = [];
    let created: unknown;
    stubFetch({
      ...capabilities(),
      'GET /api/v1/storages': () => ({ body: { rows: storages, count: storages.length } }),
      'POST /api/v1/storages': (init) => {
        created = bodyOf(init);
        storages = [ownStorage];
        return { status: 201, body: { id: ownStorage.id, message: 'Storage was successfully created' } };
      },
    });
    renderWithProviders(<CreateConnectionDialog onClose={vi.fn()} />);
    vi.advanceTimersByTime(3000);

    const add = await screen.findByRole('button', { name: CONNECTION_STORAGE_WORDS.add });
    expect(screen.getByText(CONNECTION_STORAGE_WORDS.none)).toBeInTheDocument();
    fireEvent.click(add);
    const storageDialog = await screen.findByRole('dialog', { name: 'Create storage' });
    fill(storageDialog, 'Name', 'vault');
    choose(storageDialog, 'Type', 'Local');
    fireEvent.click(within(storageDialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(created).toMatchObject({ name: 'vault', type: 'Local' }));
    // The connection dialog is still there, with the new storage chosen in its picker.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Storage/ })).toHaveValue('vault'));
    expect(screen.getByRole('dialog', { name: 'Create connection' })).toBeInTheDocument();
  }, 15_000); // two dialogs, one over the other
});
