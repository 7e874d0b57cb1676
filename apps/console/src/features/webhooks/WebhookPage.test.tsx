import { WEBHOOK_TEST_EVENT_TYPE, WEBHOOK_TEXTS, type WebhookDelivery } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WebhookDetails } from './WebhookPage';
import { crmHook, failedAttempts, failedDelivery, HOOK_ID, pendingDelivery } from './webhooks.fixtures';

const T = WEBHOOK_TEXTS;
const path = `/webhooks/${HOOK_ID}`;
const deliveriesPath = `GET /api/v1/webhooks/${HOOK_ID}/deliveries`;
const queryOf = (call: unknown[]) => new URL(String(call[0]), 'http://localhost').searchParams;

describe('WebhookDetails', () => {
  it("shows the endpoint's settings and an empty delivery log", async () => {
    stubFetch({
      [`GET /api/v1/webhooks/${HOOK_ID}`]: { body: crmHook },
      [deliveriesPath]: { body: { deliveries: [], total: 0 } },
    });
    renderWithProviders(<WebhookDetails id={HOOK_ID} />, { path });

    expect(
      await screen.findByRole('heading', { level: 1, name: `${T.noun}: ${crmHook.url}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToList })).toHaveAttribute('href', '/webhooks');
    expect(screen.getByText('CRM sync')).toBeInTheDocument();
    expect(screen.getByText('User created')).toBeInTheDocument();
    expect(screen.getByText(T.enabled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.disable })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const log = screen.getByRole('region', { name: T.deliveries });
    expect(await within(log).findByText(T.deliveriesEmpty)).toBeInTheDocument();
  });

  it('lists deliveries a page at a time, and resends a finished one', async () => {
    let resent = false;
    const fetchMock = stubFetch({
      [`GET /api/v1/webhooks/${HOOK_ID}`]: { body: crmHook },
      [deliveriesPath]: () => ({
        body: {
          deliveries: [resent ? { ...failedDelivery, status: 'pending' } : failedDelivery, pendingDelivery],
          total: 2,
        },
      }),
      [`POST /api/v1/webhooks/${HOOK_ID}/deliveries/${failedDelivery.id}/resend`]: () => {
        resent = true;
        return { status: 202, body: { ...failedDelivery, status: 'pending' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookDetails id={HOOK_ID} />, { path });

    const table = await screen.findByRole('table', { name: T.deliveries });
    await within(table).findByText('Failed');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Event',
      'Status',
      'Attempts',
      'Response',
      'Duration',
      'Created',
      'Next attempt',
      'Actions',
    ]);
    const failed = within(table).getByText('Failed').closest('tr') as HTMLElement;
    expect(within(failed).getByText('User created')).toBeInTheDocument();
    expect(within(failed).getByText('12')).toBeInTheDocument();
    expect(within(failed).getByText('500')).toBeInTheDocument();
    expect(within(failed).getByText('87 ms')).toBeInTheDocument();
    const pending = within(table).getByText('Pending').closest('tr') as HTMLElement;
    expect(within(pending).getByText('March 5, 2025 at 11:00')).toBeInTheDocument();
    // Only a delivered or failed event may be sent again.
    expect(within(pending).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();

    const first = fetchMock.mock.calls.find(([url]) => String(url).includes('/deliveries'))!;
    expect(queryOf(first).get('limit')).toBe('20');
    expect(queryOf(first).get('offset')).toBe('0');

    await user.click(within(failed).getByRole('button', { name: /^Resend/ }));
    expect(await screen.findByText(T.resentToast)).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Failed')).not.toBeInTheDocument());
    expect(within(table).getAllByText('Pending')).toHaveLength(2);
  });

  it("shows a delivery's attempts: the first one's 500, then a time-out and a refused connection", async () => {
    stubFetch({
      [`GET /api/v1/webhooks/${HOOK_ID}`]: { body: crmHook },
      [deliveriesPath]: { body: { deliveries: [failedDelivery, pendingDelivery], total: 2 } },
      [`GET /api/v1/webhooks/${HOOK_ID}/deliveries/${failedDelivery.id}/attempts`]: {
        body: { attempts: failedAttempts },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookDetails id={HOOK_ID} />, { path });
    const table = await screen.findByRole('table', { name: T.deliveries });
    const failed = (await within(table).findByText('Failed')).closest('tr') as HTMLElement;
    // A delivery not tried yet has no attempts to show.
    const pending = within(table).getByText('Pending').closest('tr') as HTMLElement;
    expect(within(pending).queryByRole('button', { name: /^Attempts/ })).not.toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: /^Attempts/ }));
    const dialog = await screen.findByRole('dialog', { name: T.attemptsTitle });
    const attempts = await within(dialog).findByRole('table', { name: T.attemptsTitle });
    await within(attempts).findByText('HTTP 500');
    const rows = within(attempts)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['1', 'March 3, 2025 at 10:00:05', '500', '87 ms', 'HTTP 500'],
      ['2', 'March 3, 2025 at 10:00:20', 'Timed out', '10000 ms', 'The server did not answer in time.'],
      ['3', 'March 3, 2025 at 10:01:00', 'Connection refused', '2 ms', 'The connection was refused.'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: T.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rotates the signing secret after a confirmation, shows the new one once and the old one’s end', async () => {
    const until = new Date(2025, 2, 5, 9, 30).toISOString();
    let rotated = false;
    const fetchMock = stubFetch({
      [`GET /api/v1/webhooks/${HOOK_ID}`]: () => ({
        body: rotated ? { ...crmHook, previousSecretExpiresAt: until } : crmHook,
      }),
      [deliveriesPath]: { body: { deliveries: [], total: 0 } },
      [`POST /api/v1/webhooks/${HOOK_ID}/rotate-secret`]: () => {
        rotated = true;
        return { body: { ...crmHook, previousSecretExpiresAt: until, secret: 'whsec_new' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookDetails id={HOOK_ID} />, { path });
    expect(await screen.findByText(T.secretHidden)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.rotateSecret }));
    const confirm = await screen.findByRole('dialog', { name: T.rotateTitle });
    expect(within(confirm).getByText(T.rotateConfirm)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: T.rotateSecret }));

    const shown = await screen.findByRole('dialog', { name: T.rotatedSecretTitle });
    expect(within(shown).getByText(T.rotatedShownOnce)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: T.secret })).toHaveValue('whsec_new');
    expect(await screen.findByText(T.previousSecretUntil('March 5, 2025 at 09:30'))).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('whsec_new')).not.toBeInTheDocument();
  });

  it('asks for the next page with its offset', async () => {
    const fetchMock = stubFetch({
      [`GET /api/v1/webhooks/${HOOK_ID}`]: { body: crmHook },
      [deliveriesPath]: { body: { deliveries: [failedDelivery], total: 45 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookDetails id={HOOK_ID} />, { path });
    await screen.findByRole('table', { name: T.deliveries });
    await user.click(await screen.findByRole('button', { name: /next page/i }));
    await waitFor(() => expect(queryOf(fetchMock.mock.calls.at(-1)!).get('offset')).toBe('20'));
  });

  it('deletes after confirmation and goes back to the list', async () => {
    stubFetch({
      [`GET /api/v1/webhooks/${HOOK_ID}`]: { body: crmHook },
      [deliveriesPath]: { body: { deliveries: [], total: 0 } },
      [`DELETE /api/v1/webhooks/${HOOK_ID}`]: { status: 204 },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<WebhookDetails id={HOOK_ID} />, { path });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: T.deleteTitle });
    expect(within(confirm).getByText(T.deleteConfirm(crmHook.url))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.deletedToast)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhooks'));
  });

  it('sends a test event and shows what the endpoint answered, then why a second one failed', async () => {
    const tests: WebhookDelivery[] = [
      {
        ...failedDelivery,
        id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
        eventType: WEBHOOK_TEST_EVENT_TYPE,
        status: 'delivered',
        attempts: 1,
        responseStatus: 204,
        durationMs: 31,
        lastError: null,
      },
      {
        ...failedDelivery,
        id: 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f60',
        eventType: WEBHOOK_TEST_EVENT_TYPE,
        attempts: 1,
        responseStatus: null,
        lastError: 'The connection was refused',
      },
    ];
    const sent: WebhookDelivery[] = [];
    const fetchMock = stubFetch({
      [`GET /api/v1/webhooks/${HOOK_ID}`]: { body: crmHook },
      [deliveriesPath]: () => ({ body: { deliveries: [...sent].reverse(), total: sent.length } }),
      [`POST /api/v1/webhooks/${HOOK_ID}/test`]: () => {
        sent.push(tests[sent.length]!);
        return { body: sent.at(-1) };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookDetails id={HOOK_ID} />, { path });

    await user.click(await screen.findByRole('button', { name: T.sendTest }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.testDelivered(204, 31));
    // The log is read again and names the test's delivery.
    const log = screen.getByRole('region', { name: T.deliveries });
    expect(await within(log).findByText(T.testEvent)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.sendTest }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(T.testFailed('The connection was refused')),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2);
  });
});

describe('WebhookDetails by administrator role', () => {
  const renderAs = (session: ReturnType<typeof administrator>) => {
    stubFetch({
      [`GET /api/v1/webhooks/${HOOK_ID}`]: { body: crmHook },
      [deliveriesPath]: { body: { deliveries: [failedDelivery], total: 1 } },
    });
    renderWithProviders(<WebhookDetails id={HOOK_ID} />, { path, session });
  };

  it('shows an Auditor the endpoint and its deliveries, without a write', async () => {
    renderAs(administrator('Auditor'));
    const table = await screen.findByRole('table', { name: T.deliveries });
    expect(
      await within(table).findByRole('button', { name: new RegExp(`^${T.attempts}`) }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: new RegExp(`^${T.resend}`) })).not.toBeInTheDocument();
    for (const name of [T.disable, T.sendTest, T.rotateSecret, 'Delete', 'Edit']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('gives a Security administrator the test event, the secret rotation and Resend', async () => {
    renderAs(administrator('SecurityAdministrator'));
    const table = await screen.findByRole('table', { name: T.deliveries });
    expect(
      await within(table).findByRole('button', { name: new RegExp(`^${T.resend}`) }),
    ).toBeInTheDocument();
    for (const name of [T.disable, T.sendTest, T.rotateSecret, 'Delete']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });
});
