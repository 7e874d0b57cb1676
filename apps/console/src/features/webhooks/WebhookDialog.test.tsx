import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, WEBHOOK_TEXTS } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WebhookDialog } from './WebhookDialog';
import { CRM_URL, crmHook } from './webhooks.fixtures';

const T = WEBHOOK_TEXTS;

function open(webhook?: typeof crmHook) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<WebhookDialog webhook={webhook} onCreated={onCreated} onClose={onClose} />, {
    path: '/webhooks',
  });
  const dialog = screen.getByRole('dialog');
  const url = within(dialog).getByRole('textbox', { name: T.url });
  return { dialog, url, onCreated, onClose };
}

describe('WebhookDialog', () => {
  it("checks the fields with the contract's messages before calling the server", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    const { dialog, url } = open();
    expect(within(dialog).getByRole('group', { name: T.events })).toBeInTheDocument();
    // One box per event type.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(WEBHOOK_EVENT_TYPES.length);

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.urlRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();

    await user.type(url, 'http://hooks.example.com/in');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates an endpoint and hands over the secret', async () => {
    const fetchMock = stubFetch({
      'POST /api/v1/webhooks': { status: 201, body: { ...crmHook, url: CRM_URL, secret: 'whsec_abc' } },
    });
    const user = userEvent.setup();
    const { dialog, url, onCreated, onClose } = open();
    await user.type(url, CRM_URL);
    await user.type(within(dialog).getByRole('textbox', { name: T.description }), 'CRM sync');
    // Ticked out of order, sent in the contract's order.
    await user.click(within(dialog).getByRole('checkbox', { name: 'User deleted' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'User created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ secret: 'whsec_abc' })),
    );
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({
      url: CRM_URL,
      description: 'CRM sync',
      events: ['user.created', 'user.deleted'],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("puts the server's refusal of the address next to the field and stays open", async () => {
    stubFetch({
      'POST /api/v1/webhooks': apiError(400, 'VALIDATION_ERROR', 'Invalid', {
        url: WEBHOOK_MESSAGES.urlNotAllowed,
      }),
    });
    const user = userEvent.setup();
    const { dialog, url, onClose } = open();
    await user.type(url, 'https://10.0.0.1/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'User created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.urlNotAllowed)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits an endpoint and says so, keeping the URL it only shows masked', async () => {
    const fetchMock = stubFetch({
      [`PATCH /api/v1/webhooks/${crmHook.id}`]: { body: { ...crmHook, events: ['user.created'] } },
    });
    const user = userEvent.setup();
    const { dialog, url, onCreated } = open(crmHook);
    expect(screen.getByRole('dialog', { name: T.editTitle })).toBe(dialog);
    expect(url).toHaveValue('');
    expect(url).not.toBeRequired();
    await user.click(within(dialog).getByRole('checkbox', { name: 'User deleted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(T.updatedToast)).toBeInTheDocument();
    // No URL sent: the saved one stays.
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({
      description: crmHook.description,
      events: ['user.created'],
    });
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('changes the URL only when the whole new one is typed, never to the masked one', async () => {
    const fetchMock = stubFetch({ [`PATCH /api/v1/webhooks/${crmHook.id}`]: { body: crmHook } });
    const user = userEvent.setup();
    const { dialog, url } = open(crmHook);
    await user.click(url);
    await user.paste(crmHook.url);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.urlMasked)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(url);
    await user.paste('https://hooks.example.com/new?token=abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({
      url: 'https://hooks.example.com/new?token=abc',
      description: crmHook.description,
      events: crmHook.events,
    });
  });
});
