import { WEBHOOK_TEXTS } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WebhookDetails } from './WebhookPage';
import { crmHook, failedDelivery, HOOK_ID, pendingDelivery } from './webhooks.fixtures';

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
});
