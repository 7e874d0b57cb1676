import { WEBHOOK_TEXTS } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WebhooksPage } from './WebhooksPage';
import { BROKEN_URL, brokenHook, crmHook, slowHook } from './webhooks.fixtures';

const T = WEBHOOK_TEXTS;
const SECRET = `whsec_${'Q'.repeat(44)}`;
const rowOf = (table: HTMLElement, text: string) =>
  within(table).getByText(text).closest('tr') as HTMLElement;

describe('WebhooksPage', () => {
  it('lists the endpoints with their events, status and actions', async () => {
    stubFetch({ 'GET /api/v1/webhooks': { body: { webhooks: [crmHook, brokenHook, slowHook], total: 3 } } });
    renderWithProviders(<WebhooksPage />, { path: '/webhooks' });

    expect(screen.getByRole('heading', { level: 1, name: T.screenTitle })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: T.screenTitle });
    expect(await within(table).findByRole('link', { name: crmHook.url })).toHaveAttribute(
      'href',
      `/webhooks/${crmHook.id}`,
    );
    const crm = rowOf(table, crmHook.url);
    expect(within(crm).getByText('CRM sync')).toBeInTheDocument();
    expect(within(crm).getByText('User created')).toBeInTheDocument();
    expect(within(crm).getByText('User deleted')).toBeInTheDocument();
    expect(within(crm).getByText(T.enabled)).toBeInTheDocument();
    expect(within(crm).getByRole('button', { name: `Disable ${crmHook.url}` })).toBeInTheDocument();

    const broken = rowOf(table, brokenHook.url);
    expect(within(broken).getByText(T.disabled)).toBeInTheDocument();
    expect(within(broken).getByText(T.disabledBecauseFailing)).toBeInTheDocument();
    expect(within(broken).getByRole('button', { name: `Enable ${brokenHook.url}` })).toBeInTheDocument();

    const slow = rowOf(table, slowHook.url);
    expect(within(slow).getByText('3 events')).toBeInTheDocument();
    expect(within(slow).getByText(T.failingSince('March 6, 2025 at 07:15'))).toBeInTheDocument();
  });

  it('says what webhooks are for while there is none', async () => {
    stubFetch({ 'GET /api/v1/webhooks': { body: { webhooks: [], total: 0 } } });
    renderWithProviders(<WebhooksPage />, { path: '/webhooks' });
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(screen.getByText(T.emptyHelp)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds an endpoint and shows its signing secret once', async () => {
    let listed = [crmHook];
    const created = { ...brokenHook, enabled: true, disabledReason: null, failingSince: null };
    const fetchMock = stubFetch({
      'GET /api/v1/webhooks': () => ({ body: { webhooks: listed, total: listed.length } }),
      'POST /api/v1/webhooks': () => {
        listed = [crmHook, created];
        return { status: 201, body: { ...created, secret: SECRET } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, { path: '/webhooks' });

    await user.click(await screen.findByRole('button', { name: T.create }));
    const form = await screen.findByRole('dialog', { name: T.createTitle });
    await user.type(within(form).getByRole('textbox', { name: T.url }), BROKEN_URL);
    await user.click(within(form).getByRole('checkbox', { name: 'Licence expiring' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: T.secretTitle });
    expect(within(shown).getByText(T.secretShownOnce)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: T.secret })).toHaveValue(SECRET);
    expect(await screen.findByText(T.createdToast)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({ url: BROKEN_URL, description: '', events: ['license.expiring'] });

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: brokenHook.url })).toBeInTheDocument();
  });

  it('disables an endpoint at once and says so', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/webhooks': { body: { webhooks: [crmHook], total: 1 } },
      [`PATCH /api/v1/webhooks/${crmHook.id}`]: { body: { ...crmHook, enabled: false } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, { path: '/webhooks' });
    await user.click(await screen.findByRole('button', { name: `Disable ${crmHook.url}` }));
    expect(await screen.findByText(T.disabledToast)).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(bodyOf(patch[1])).toEqual({ enabled: false });
  });

  it('opens the edit dialog with the current values, the URL to be typed whole to change it', async () => {
    stubFetch({ 'GET /api/v1/webhooks': { body: { webhooks: [crmHook], total: 1 } } });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, { path: '/webhooks' });
    await user.click(await screen.findByRole('button', { name: `Edit ${crmHook.url}` }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    const url = within(dialog).getByRole('textbox', { name: T.url });
    expect(url).toHaveValue('');
    expect(url).toHaveAccessibleDescription(T.urlKeep(crmHook.url));
    expect(within(dialog).getByRole('checkbox', { name: 'User created' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'User updated' })).not.toBeChecked();
  });

  it('deletes an endpoint after its confirmation', async () => {
    let listed = [crmHook];
    const fetchMock = stubFetch({
      'GET /api/v1/webhooks': () => ({ body: { webhooks: listed, total: listed.length } }),
      [`DELETE /api/v1/webhooks/${crmHook.id}`]: () => {
        listed = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, { path: '/webhooks' });

    await user.click(await screen.findByRole('button', { name: `Delete ${crmHook.url}` }));
    let confirm = await screen.findByRole('dialog', { name: T.deleteTitle });
    expect(within(confirm).getByText(T.deleteConfirm(crmHook.url))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: `Delete ${crmHook.url}` }));
    confirm = await screen.findByRole('dialog', { name: T.deleteTitle });
    await user.click(within(confirm).getByRole('button', { name: T.delete }));
    expect(await screen.findByText(T.deletedToast)).toBeInTheDocument();
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });
});
