import { CONNECTION_HEALTH_TEXTS, HEALTH_ADVICE } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedSandboxDetail,
  failedSandbox,
  productionConnection,
  uncheckedSandbox,
} from '../../test/connections.fixtures';
import { stubFetch } from '../../test/fetchStub';
import { adminUser, capabilities } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ConnectionsPage } from './ConnectionsPage';
import { goToSalesforceLogin } from './salesforceLogin';

vi.mock('./salesforceLogin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./salesforceLogin')>()),
  goToSalesforceLogin: vi.fn(),
}));

const both = { rows: [productionConnection, failedSandbox], count: 2 };

function stubList(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({ ...capabilities(), 'GET /api/v1/connections': { body: both }, ...extra });
}

const askedLists = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/connections')
    .map((url) => url.searchParams);

/** The screen at /connections with a query string, as the browser arrives at it. */
async function renderAt(search: string) {
  const rendered = renderWithProviders(<ConnectionsPage />, { path: '/connections' });
  await rendered.router.navigate(`/connections${search}`);
  return rendered;
}

/** Opens an MUI select by its label and picks an option. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('ConnectionsPage', () => {
  afterEach(() => vi.mocked(goToSalesforceLogin).mockReset());

  it('lists connections with their type icon, username, creator link, date and state', async () => {
    stubList();
    renderWithProviders(<ConnectionsPage />, { path: '/connections' });
    const table = await screen.findByRole('table', { name: 'Connections' });
    expect(await within(table).findByText('acme-prod')).toBeInTheDocument();
    expect(within(table).getByTitle('Production org')).toBeInTheDocument();
    expect(within(table).getByTitle('Sandbox org')).toBeInTheDocument();
    expect(within(table).getByText('admin@acme.example.com')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/users/${adminUser.id}`,
    );
    expect(within(table).getByText('Unknown user')).toBeInTheDocument();
    expect(within(table).getByText('March 4, 2025 at 14:05', { selector: 'td' })).toBeInTheDocument();
    // A failed connection carries its reason, for the tooltip and screen readers.
    expect(within(table).getByLabelText(`Failed: ${failedSandbox.lastError}`)).toHaveClass(
      'MuiChip-colorError',
    );
    expect(screen.getByRole('button', { name: 'Create connection' })).toBeInTheDocument();
  });

  it("shows each connection's health and when it was last checked, and links its page", async () => {
    const evicted = {
      ...productionConnection,
      id: 'c28e9f0a-1b2c-4d3e-9f4a-6b7c8d9e0f1a',
      connectionId: 'c28e9f0a-1b2c-4d3e-9f4a-6b7c8d9e0f1a',
      name: 'acme-old',
      health: { ...productionConnection.health!, status: 'ReauthRequired', reason: 'approval_limit_evicted' },
    } as const;
    stubFetch({
      'GET /api/v1/connections': {
        body: { rows: [productionConnection, uncheckedSandbox, failedSandbox, evicted], count: 4 },
      },
    });
    renderWithProviders(<ConnectionsPage />, { path: '/connections' });
    const table = await screen.findByRole('table', { name: 'Connections' });
    const row = async (name: string) =>
      (await within(table).findByRole('link', { name })).closest('tr') as HTMLElement;

    const healthy = await row('acme-prod');
    expect(within(table).getByRole('link', { name: 'acme-prod' })).toHaveAttribute(
      'href',
      `/connections/${productionConnection.id}`,
    );
    expect(within(healthy).getByText('Healthy').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(healthy).getByText('March 7, 2025 at 08:15')).toBeInTheDocument();

    const unchecked = await row('uat-box');
    expect(within(unchecked).getByText('Not checked yet')).toBeInTheDocument();
    expect(within(unchecked).getByText(CONNECTION_HEALTH_TEXTS.neverChecked)).toBeInTheDocument();

    expect(
      within(await row('acme-old')).getByLabelText(
        `Re-authorization required: ${HEALTH_ADVICE.approval_limit_evicted.summary}`,
      ),
    ).toHaveClass('MuiChip-colorError');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Name',
      'Status',
      'Type',
      'Username',
      'Created by',
      'Created at',
      'Last checked',
      'Actions',
    ]);
  });

  it('sends the chosen sort, connection type and search with the list call, from the first page', async () => {
    const fetchMock = stubList();
    const { router } = await renderAt('?page=2');
    await waitFor(() => expect(askedLists(fetchMock).at(-1)!.get('offset')).toBe('10'));
    expect(askedLists(fetchMock).at(-1)!.has('sort')).toBe(false);

    await choose('Sort by', 'Name A-Z');
    await waitFor(() => expect(askedLists(fetchMock).at(-1)!.get('sort')).toBe('name'));
    expect(askedLists(fetchMock).at(-1)!.get('order')).toBe('ASC');
    expect(askedLists(fetchMock).at(-1)!.get('offset')).toBe('0');

    await choose('Sort by', 'Oldest activity');
    await waitFor(() => expect(askedLists(fetchMock).at(-1)!.get('sort')).toBe('updatedAt'));
    expect(askedLists(fetchMock).at(-1)!.get('order')).toBe('ASC');

    await choose('Connection type', 'Sandbox');
    await waitFor(() => expect(askedLists(fetchMock).at(-1)!.get('organizationType')).toBe('Sandbox'));
    expect(router.state.location.search).toBe('?sort=oldestActivity&type=Sandbox');

    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'acme' } });
    await waitFor(() => expect(askedLists(fetchMock).at(-1)!.get('search')).toBe('acme'), { timeout: 2000 });
  });

  it('Update Token asks for a new login address and goes there', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    stubList({
      'GET /api/v1/connections/approval-cap': { body: { limit: 5, users: [] } },
      [`PATCH /api/v1/connections/${failedSandbox.id}/renew`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return { body: { loginUri: 'https://test.salesforce.com/services/oauth2/authorize?state=s' } };
      },
    });
    renderWithProviders(<ConnectionsPage />, { path: '/connections' });
    await user.click(await screen.findByRole('button', { name: 'Update Token of qa-box' }));
    await waitFor(
      () =>
        expect(goToSalesforceLogin).toHaveBeenCalledWith(
          'https://test.salesforce.com/services/oauth2/authorize?state=s',
        ),
      { timeout: 3000 },
    );
    expect(sent).toEqual({
      connectionId: failedSandbox.id,
      organizationType: 'Sandbox',
      authorizationMethod: 'authorization_code',
    });
  });

  it('Update Token warns first when a Salesforce user is at the approval limit', async () => {
    const user = userEvent.setup();
    const fetchMock = stubList({
      'GET /api/v1/connections/approval-cap': () => ({
        body: {
          limit: 5,
          users: [
            {
              username: 'admin@acme.example.com',
              connections: 5,
              wouldEvict: { id: productionConnection.id, name: 'acme-prod' },
            },
          ],
        },
      }),
      [`PATCH /api/v1/connections/${productionConnection.id}/renew`]: {
        body: { loginUri: 'https://login.salesforce.com/services/oauth2/authorize?state=p' },
      },
    });
    renderWithProviders(<ConnectionsPage />, { path: '/connections' });
    await user.click(await screen.findByRole('button', { name: 'Update Token of acme-prod' }));
    const warning = await screen.findByRole('dialog', { name: CONNECTION_HEALTH_TEXTS.approvalCapTitle });
    expect(warning).toHaveTextContent(
      CONNECTION_HEALTH_TEXTS.approvalCap('admin@acme.example.com', 5, 'acme-prod'),
    );
    const capAsked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/approval-cap'))?.searchParams;
    expect(capAsked?.get('connectionId')).toBe(productionConnection.id);

    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Update Token of acme-prod' }));
    const again = await screen.findByRole('dialog', { name: CONNECTION_HEALTH_TEXTS.approvalCapTitle });
    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(goToSalesforceLogin).toHaveBeenCalledWith(
        'https://login.salesforce.com/services/oauth2/authorize?state=p',
      ),
    );
  }, 15_000); // two dialogs, each opened twice

  it('Update Token of a connection whose org changed asks to rebind, with the pinned org id', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    stubFetch({
      'GET /api/v1/connections': { body: { rows: [changedSandboxDetail], count: 1 } },
      [`GET /api/v1/connections/${changedSandboxDetail.id}`]: { body: changedSandboxDetail },
      'GET /api/v1/connections/approval-cap': { body: { limit: 5, users: [] } },
      [`PATCH /api/v1/connections/${changedSandboxDetail.id}/renew`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return { body: { loginUri: 'https://test.salesforce.com/authorize?state=b' } };
      },
    });
    renderWithProviders(<ConnectionsPage />, { path: '/connections' });
    await user.click(await screen.findByRole('button', { name: 'Update Token of uat-box' }));
    const dialog = await screen.findByRole('dialog', { name: CONNECTION_HEALTH_TEXTS.rebindTitle });
    expect(dialog).toHaveTextContent(CONNECTION_HEALTH_TEXTS.rebind('00D000000000002EAA'));
    await user.click(within(dialog).getByRole('button', { name: 'Rebind' }));
    await waitFor(() =>
      expect(goToSalesforceLogin).toHaveBeenCalledWith('https://test.salesforce.com/authorize?state=b'),
    );
    expect(sent).toMatchObject({ rebind: true });
  });

  it('says the connection was created on return from the Salesforce login, then cleans the address', async () => {
    stubList();
    const { router } = await renderAt(`?connected=${productionConnection.id}`);
    expect(await screen.findByText('Connection was successfully created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('tells why the login failed, from the connection row', async () => {
    stubList();
    const { router } = await renderAt(`?failed=${failedSandbox.id}`);
    expect(
      await screen.findByText(failedSandbox.lastError!, { selector: '#notistack-snackbar' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('tells when the login could not be matched to a connection', async () => {
    stubList();
    await renderAt('?failed=state');
    expect(await screen.findByText(/could not be matched to a connection/)).toBeInTheDocument();
  });
});
