import { CONNECTION_HEALTH_TEXTS } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CreateConnectionDialog } from './CreateConnectionDialog';
import { goToSalesforceLogin } from './salesforceLogin';

vi.mock('./salesforceLogin', () => ({ goToSalesforceLogin: vi.fn() }));

const T = CONNECTION_HEALTH_TEXTS;
const LOGIN = 'https://login.salesforce.com/services/oauth2/authorize?state=c';
const atLimit = {
  limit: 5,
  users: [
    {
      username: 'admin@acme.example.com',
      connections: 5,
      wouldEvict: { id: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', name: 'acme-prod' },
    },
    {
      username: 'ops@acme.example.com',
      connections: 5,
      wouldEvict: { id: '6c2e3d4f-5a6b-4c7d-9e8f-0a1b2c3d4e5f', name: 'qa-box' },
    },
  ],
};

/** The dialog of a tenant without Backup, filled in: name and type. */
async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<CreateConnectionDialog onClose={vi.fn()} />, {
    session: { ...adminUser, services: ['devOps'] },
  });
  await user.type(screen.getByLabelText(/^Name/), 'qa-box');
  await user.click(screen.getByRole('radio', { name: 'Sandbox' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

const created = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;

describe('CreateConnectionDialog at the approval limit', () => {
  afterEach(() => vi.mocked(goToSalesforceLogin).mockReset());

  it('warns for each Salesforce user at the limit; Cancel creates nothing, Continue goes on', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      'GET /api/v1/connections/approval-cap': { body: atLimit },
      'POST /api/v1/connections': { status: 201, body: { loginURI: LOGIN } },
    });
    await fillIn(user);
    const warning = await screen.findByRole('dialog', { name: T.approvalCapTitle });
    expect(warning).toHaveTextContent(T.approvalCap('admin@acme.example.com', 5, 'acme-prod'));
    expect(warning).toHaveTextContent(T.approvalCap('ops@acme.example.com', 5, 'qa-box'));
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: T.approvalCapTitle })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('dialog', { name: 'Create connection' })).toBeInTheDocument();
    expect(created(fetchMock)).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog', { name: T.approvalCapTitle });
    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(goToSalesforceLogin).toHaveBeenCalledWith(LOGIN));
    expect(created(fetchMock)).toBe(1);
  }, 15_000);

  it('never stands in the way of the login when the limit cannot be read', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/v1/connections/approval-cap': apiError(500, 'INTERNAL', 'Something went wrong.'),
      'POST /api/v1/connections': { status: 201, body: { loginURI: LOGIN } },
    });
    await fillIn(user);
    await waitFor(() => expect(goToSalesforceLogin).toHaveBeenCalledWith(LOGIN));
    expect(screen.queryByRole('dialog', { name: T.approvalCapTitle })).not.toBeInTheDocument();
  });
});
