import {
  CONNECTION_HEALTH_TEXTS,
  type ConnectionDetail,
  type ConnectionHistory,
  HEALTH_ADVICE,
} from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedSandboxDetail,
  PRODUCTION_ORG_ID,
  productionDetail,
  productionHistory,
} from '../../test/connections.fixtures';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ConnectionPage } from './ConnectionPage';
import { goToSalesforceLogin } from './salesforceLogin';

vi.mock('./salesforceLogin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./salesforceLogin')>()),
  goToSalesforceLogin: vi.fn(),
}));

const T = CONNECTION_HEALTH_TEXTS;
const ID = productionDetail.id;
const base = `/api/v1/connections/${ID}`;

function openPage(
  detail: ConnectionDetail = productionDetail,
  history: ConnectionHistory = productionHistory,
) {
  const fetchMock = stubFetch({
    [`GET /api/v1/connections/${detail.id}`]: { body: detail },
    [`GET /api/v1/connections/${detail.id}/checks`]: { body: history },
    'GET /api/v1/connections/approval-cap': { body: { limit: 5, users: [] } },
  });
  const rendered = renderWithProviders(<ConnectionPage />, {
    path: '/connections/:connectionId',
    url: `/connections/${detail.id}`,
  });
  return { ...rendered, fetchMock };
}

const region = (name: string) => screen.findByRole('region', { name });

describe('ConnectionPage', () => {
  afterEach(() => {
    vi.mocked(goToSalesforceLogin).mockReset();
    vi.useRealTimers();
  });

  it('shows the health, the pinned org, the usage chart and the last checks', async () => {
    // The chart covers the 30 days up to today: today is the day after the fixtures' last check.
    vi.useFakeTimers({ now: new Date(2025, 2, 8, 12), toFake: ['Date'] });
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Production org acme-prod' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Connections' })).toHaveAttribute('href', '/connections');

    const health = await region('Health');
    expect(within(health).getByText('Healthy').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(health).getByText('March 7, 2025 at 08:15')).toBeInTheDocument();

    expect(screen.getByText(PRODUCTION_ORG_ID)).toBeInTheDocument();
    expect(screen.getByText('https://acme.my.salesforce.com')).toBeInTheDocument();
    expect(screen.getByText('62.0')).toBeInTheDocument();

    const chart = await screen.findByRole('img', { name: 'Daily API usage chart' });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(2);
    expect(bars[1]?.querySelector('title')).toHaveTextContent('March 7, 2025: 1,200 of 15,000 API requests');
    expect(chart).toHaveAccessibleDescription(/^Latest: March 7, 2025: 1,200 of 15,000 API requests\./);

    const table = screen.getByRole('table', { name: 'Last checks' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('March 7, 2025 at 08:15');
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[1]).toHaveTextContent('1,200 / 15,000');
    expect(rows[1]).toHaveTextContent('245 ms');
    expect(
      within(rows[2] as HTMLElement)
        .getByText('Degraded')
        .closest('.MuiChip-root'),
    ).toHaveClass('MuiChip-colorWarning');
    expect(rows[2]).toHaveTextContent(HEALTH_ADVICE.salesforce_unavailable.summary);
    expect(rows[2]).toHaveTextContent('Check now');
  });

  it('shows the storage it backs up to, with that storage’s health and a link to its page', async () => {
    const storageId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    stubFetch({
      [`GET ${base}`]: { body: { ...productionDetail, storageId } },
      [`GET ${base}/checks`]: { body: productionHistory },
      [`GET /api/v1/storages/${storageId}`]: {
        body: {
          id: storageId,
          name: 'aws-main',
          type: 'AwsS3',
          isSharedStorage: false,
          credentials: {
            region: 'eu-west-1',
            bucketName: 'acme-backups',
            accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
          },
          health: {
            status: 'Unhealthy',
            problem: {
              kind: 'InvalidCredentials',
              permission: null,
              actualRegion: null,
              field: 'credentials.secretAccessKey',
              message: 'AWS did not accept the secret access key.',
            },
            checkedAt: new Date(2025, 2, 7, 8, 15).toISOString(),
            lastSuccessAt: null,
            changedAt: new Date(2025, 2, 7, 8, 15).toISOString(),
            properties: null,
          },
          createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
          updatedAt: new Date(2025, 2, 4, 14, 5).toISOString(),
        },
      },
    });
    renderWithProviders(<ConnectionPage />, {
      path: '/connections/:connectionId',
      url: `/connections/${ID}`,
    });
    const health = await region('Health');
    const link = await within(health).findByRole('link', { name: 'aws-main' });
    expect(link).toHaveAttribute('href', `/storages/${storageId}`);
    const chip = within(health).getByText('Unhealthy').closest('.MuiChip-root');
    expect(chip).toHaveClass('MuiChip-colorError');
    expect(chip).toHaveAccessibleName('Unhealthy: Credentials refused');
  });

  it('says why a connection needs a person, and what to do', async () => {
    openPage({
      ...productionDetail,
      health: { ...productionDetail.health!, status: 'ReauthRequired', reason: 'user_inactive' },
    });
    const health = await region('Health');
    expect(await within(health).findByText(HEALTH_ADVICE.user_inactive.summary)).toBeInTheDocument();
    expect(within(health).getByText(HEALTH_ADVICE.user_inactive.action)).toBeInTheDocument();
    expect(
      within(health).getByText('Re-authorization required', { selector: '.MuiChip-label' }),
    ).toBeVisible();
  });

  it('shows a refreshed sandbox with the org id now answering and its earlier ones', async () => {
    openPage(changedSandboxDetail, { checks: [], usage: [] });
    expect(await screen.findByText('00D000000000003EAA')).toBeInTheDocument();
    expect(screen.getByText('Org ID now answering')).toBeInTheDocument();
    expect(screen.getByText('00D000000000009EAA (until February 1, 2025 at 12:00)')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(await screen.findByText('No API usage recorded yet.')).toBeInTheDocument();
    expect(screen.getByText('No check yet')).toBeInTheDocument();
  });

  it('Check now checks at once, says so and shows the new check', async () => {
    const user = userEvent.setup();
    const checkedAt = new Date(2025, 2, 8, 9, 30).toISOString();
    let checked = false;
    const fetchMock = stubFetch({
      [`GET ${base}`]: () => ({
        body: checked
          ? { ...productionDetail, health: { ...productionDetail.health!, checkedAt } }
          : productionDetail,
      }),
      [`GET ${base}/checks`]: () => ({
        body: checked
          ? {
              ...productionHistory,
              checks: [
                {
                  ...productionHistory.checks[0]!,
                  id: 'b17d8e9f-0a1b-4c2d-8e3f-5a6b7c8d9e0f',
                  checkedAt,
                  trigger: 'manual',
                },
                ...productionHistory.checks,
              ],
            }
          : productionHistory,
      }),
      [`POST ${base}/check`]: () => {
        checked = true;
        return { body: { ...productionDetail, health: { ...productionDetail.health!, checkedAt } } };
      },
      'GET /api/v1/connections/unhealthy': { body: { rows: [], count: 0 } },
    });
    renderWithProviders(<ConnectionPage />, {
      path: '/connections/:connectionId',
      url: `/connections/${ID}`,
    });
    const table = await screen.findByRole('table', { name: 'Last checks' });
    await within(table).findByText('Scheduled');

    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(T.checked)).toBeInTheDocument();
    const health = await region('Health');
    expect(await within(health).findByText('March 8, 2025 at 09:30')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('March 8, 2025 at 09:30');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('Update Token of a refreshed sandbox asks to rebind first, then sends rebind', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    stubFetch({
      [`GET /api/v1/connections/${changedSandboxDetail.id}`]: { body: changedSandboxDetail },
      [`GET /api/v1/connections/${changedSandboxDetail.id}/checks`]: { body: { checks: [], usage: [] } },
      'GET /api/v1/connections/approval-cap': { body: { limit: 5, users: [] } },
      [`PATCH /api/v1/connections/${changedSandboxDetail.id}/renew`]: (init) => {
        sent = bodyOf(init);
        return { body: { loginUri: 'https://test.salesforce.com/authorize?state=r' } };
      },
    });
    renderWithProviders(<ConnectionPage />, {
      path: '/connections/:connectionId',
      url: `/connections/${changedSandboxDetail.id}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Update Token' }));
    const dialog = await screen.findByRole('dialog', { name: T.rebindTitle });
    expect(dialog).toHaveTextContent(T.rebind('00D000000000002EAA'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(goToSalesforceLogin).not.toHaveBeenCalled();

    await user.click(await screen.findByRole('button', { name: 'Update Token' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.rebindTitle })).getByRole('button', {
        name: 'Rebind',
      }),
    );
    await waitFor(() =>
      expect(goToSalesforceLogin).toHaveBeenCalledWith('https://test.salesforce.com/authorize?state=r'),
    );
    expect(sent).toMatchObject({ connectionId: changedSandboxDetail.id, rebind: true });
  });

  it('deletes the connection with its typed name and goes back to the list', async () => {
    const user = userEvent.setup();
    stubFetch({
      [`GET ${base}`]: { body: productionDetail },
      [`GET ${base}/checks`]: { body: productionHistory },
      [`DELETE ${base}`]: { status: 204 },
      'GET /api/v1/connections': { body: { rows: [], count: 0 } },
      'GET /api/v1/connections/unhealthy': { body: { rows: [], count: 0 } },
    });
    renderWithProviders(<ConnectionPage />, {
      path: '/connections/:connectionId',
      url: `/connections/${ID}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Connection' });
    await user.type(within(dialog).getByLabelText(/^Connection name/), 'acme-prod');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Connection was successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/connections'));
  });

  it('goes back to the list for an unknown id, and for an address without one', async () => {
    stubFetch({
      [`GET ${base}`]: apiError(404, 'NOT_FOUND', 'Connection not found.'),
      [`GET ${base}/checks`]: apiError(404, 'NOT_FOUND', 'Connection not found.'),
    });
    renderWithProviders(<ConnectionPage />, {
      path: '/connections/:connectionId',
      url: `/connections/${ID}`,
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/connections');

    renderWithProviders(<ConnectionPage />, { path: '/connections/:connectionId', url: '/connections/nope' });
    expect((await screen.findAllByTestId('location')).at(-1)).toHaveTextContent('/connections');
  });

  it('offers a retry when the connection could not be loaded', async () => {
    stubFetch({
      [`GET ${base}`]: apiError(500, 'INTERNAL', 'Something went wrong.'),
      [`GET ${base}/checks`]: apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    renderWithProviders(<ConnectionPage />, {
      path: '/connections/:connectionId',
      url: `/connections/${ID}`,
    });
    expect(await screen.findByText('The connection could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
