import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownStorage } from '../../test/connections.fixtures';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { adminUser, capabilities } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CreateConnectionDialog } from './CreateConnectionDialog';
import { goToSalesforceLogin } from './salesforceLogin';

vi.mock('./salesforceLogin', () => ({ goToSalesforceLogin: vi.fn() }));

const LOGIN = 'https://login.salesforce.com/services/oauth2/authorize?state=s';
const save = () => screen.getByRole('button', { name: 'Save' });

describe('CreateConnectionDialog', () => {
  afterEach(() => vi.mocked(goToSalesforceLogin).mockReset());

  it('asks a tenant without Backup for a name and a connection type only, then goes to the Salesforce login', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    stubFetch({
      ...capabilities(),
      'GET /api/v1/connections/approval-cap': { body: { limit: 5, users: [] } },
      'POST /api/v1/connections': (init) => {
        sent = bodyOf(init);
        return { status: 201, body: { loginURI: LOGIN } };
      },
    });
    renderWithProviders(<CreateConnectionDialog onClose={vi.fn()} />, {
      session: { ...adminUser, services: ['devOps'] },
    });
    expect(screen.queryByLabelText(/^Storage/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Encryption Key/)).not.toBeInTheDocument();
    expect(screen.getByText(/Saving takes you to the Salesforce login/)).toBeInTheDocument();

    await user.click(save());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Connection type is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'qa box');
    await user.click(save());
    expect(
      await screen.findByText(
        'Name should contain only latin letters in upper or lower case, digits and "-", "_" symbols',
      ),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'qa-box');
    await user.click(screen.getByRole('radio', { name: 'Sandbox' }));
    await user.click(save());

    await waitFor(() => expect(goToSalesforceLogin).toHaveBeenCalledWith(LOGIN));
    expect(sent).toEqual({ name: 'qa-box', type: 'Salesforce', config: { organizationType: 'Sandbox' } });
  });

  it('asks a Backup tenant for a storage, loaded after a pause, and an encryption key it can generate', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let sent: { storageId?: string; encryptionKey?: string } = {};
    const fetchMock = stubFetch({
      ...capabilities(),
      'GET /api/v1/storages': { body: { rows: [ownStorage], count: 1 } },
      'GET /api/v1/connections/approval-cap': { body: { limit: 5, users: [] } },
      'POST /api/v1/connections': (init) => {
        sent = bodyOf(init);
        return { status: 201, body: { loginURI: LOGIN } };
      },
    });
    renderWithProviders(<CreateConnectionDialog onClose={vi.fn()} />);

    // The picker waits 3 seconds before its first load, and says it is loading meanwhile.
    expect(screen.getByText('Loading storages…')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'acme-prod');
    await user.click(screen.getByRole('radio', { name: 'Production' }));
    await user.click(save());
    expect(await screen.findByText('Storage is required')).toBeInTheDocument();
    expect(screen.getByText('Encryption Key is required.')).toBeInTheDocument();
    const storageCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/storages'));
    expect(storageCalls()).toHaveLength(0);

    vi.advanceTimersByTime(3000);
    await waitFor(() => expect(storageCalls()).toHaveLength(1));
    const asked = new URL(String(storageCalls()[0]![0]), 'http://localhost').searchParams;
    expect(asked.get('limit')).toBe('25');
    expect(asked.get('offset')).toBe('0');
    await waitFor(() => expect(screen.queryByText('Loading storages…')).not.toBeInTheDocument());

    fireEvent.mouseDown(screen.getByLabelText(/^Storage/));
    await user.click(await screen.findByRole('option', { name: 'vault' }));

    const key = screen.getByLabelText(/^Encryption Key/);
    await user.type(key, 'k'.repeat(17));
    await user.click(save());
    expect(await screen.findByText('Encryption Key cannot exceed 16 characters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate a random key' }));
    expect((key as HTMLInputElement).value).toMatch(/^[A-Za-z0-9]{16}$/);

    await user.click(save());
    await waitFor(() => expect(goToSalesforceLogin).toHaveBeenCalledWith(LOGIN));
    expect(sent).toMatchObject({ storageId: ownStorage.id, encryptionKey: (key as HTMLInputElement).value });
  }, 15_000); // many fields, typed one key at a time
});
