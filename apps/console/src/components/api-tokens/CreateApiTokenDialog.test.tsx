import { API_TOKEN_MESSAGES, API_TOKEN_SCOPE_HELP, API_TOKEN_TEXTS, MESSAGES } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deployToken, oktaToken } from '../../test/api-tokens.fixtures';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';

const T = API_TOKEN_TEXTS;
const DAY = 24 * 60 * 60 * 1000;

function open() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<CreateApiTokenDialog onCreated={onCreated} onClose={onClose} />, {
    path: '/api-tokens',
  });
  const dialog = screen.getByRole('dialog', { name: T.createTitle });
  return { dialog, onCreated, onClose };
}

describe('CreateApiTokenDialog', () => {
  it('offers each scope with its help text, and the expiry choices', () => {
    const { dialog } = open();
    expect(within(dialog).getByRole('radiogroup', { name: T.scope })).toBeInTheDocument();
    for (const [name, help] of [
      ['Read only', API_TOKEN_SCOPE_HELP.read],
      ['Administrator', API_TOKEN_SCOPE_HELP.admin],
      ['SCIM provisioning', API_TOKEN_SCOPE_HELP.scim],
    ]) {
      const radio = within(dialog).getByRole('radio', { name: new RegExp(`^${name}`) });
      expect(radio).toHaveAccessibleDescription(help);
    }
    const expiry = within(dialog).getByRole('combobox', { name: T.expiry });
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['30 days', '90 days', '1 year', 'Custom date']);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it("checks the fields with the contract's messages before calling the server", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    const { dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'x'.repeat(65));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.nameMaxLength)).toBeInTheDocument();

    // The date is checked once the other fields are valid.
    await user.clear(name);
    await user.type(name, 'Nightly export');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.expiry }), 'custom');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.expiresAtRequired)).toBeInTheDocument();

    const date = within(dialog).getByLabelText(/Expiry date/);
    await user.type(date, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.expiresAtPast)).toBeInTheDocument();

    await user.clear(date);
    await user.type(date, `${new Date().getUTCFullYear() + 3}-01-01`);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.expiresAtTooLate)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  }, 15_000); // about a hundred keys typed one at a time

  it('sends the name, the scope and the instant the choice means', async () => {
    const fetchMock = stubFetch({
      'POST /api/v1/api-tokens': { status: 201, body: { ...deployToken, token: `svt_${'b'.repeat(43)}` } },
    });
    const user = userEvent.setup();
    const { dialog, onCreated, onClose } = open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Deploy script ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.expiry }), '30');
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ token: `svt_${'b'.repeat(43)}` });
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({ name: 'Deploy script', scope: 'read' });
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks a creator who has a second factor for the step-up, then makes the same token with it', async () => {
    const bodies: unknown[] = [];
    const stepUp = { code: MESSAGES.mfaStepUpRequired };
    stubFetch({
      'POST /api/v1/api-tokens': (init) => {
        const body = bodyOf(init);
        bodies.push(body);
        return body.code
          ? { status: 201, body: { ...deployToken, token: `svt_${'d'.repeat(43)}` } }
          : apiError(400, 'VALIDATION_ERROR', MESSAGES.mfaStepUpRequired, stepUp);
      },
    });
    const user = userEvent.setup();
    const { dialog, onCreated, onClose } = open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Deploy script');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const confirm = await screen.findByRole('dialog', { name: T.stepUpTitle });
    expect(within(confirm).getByText(T.stepUpMessage)).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    await user.type(within(confirm).getByRole('textbox', { name: /Verification code/ }), '246810');
    await user.click(within(confirm).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ token: `svt_${'d'.repeat(43)}` });
    const [first, second] = bodies as Record<string, unknown>[];
    expect(first).not.toHaveProperty('code');
    expect(second).toEqual({ ...first, code: '246810' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('makes tokens of a fixed scope without offering one, from the given name and expiry', async () => {
    const fetchMock = stubFetch({
      'POST /api/v1/api-tokens': { status: 201, body: { ...oktaToken, token: `svt_${'e'.repeat(43)}` } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <CreateApiTokenDialog
        scope="scim"
        title="Create SCIM token"
        description="Reaches only /scim/v2."
        defaultName="SCIM provisioning"
        defaultExpiry="365"
        onCreated={vi.fn()}
        onClose={vi.fn()}
      />,
      { path: '/provisioning' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Create SCIM token' });
    expect(dialog).toHaveAccessibleDescription('Reaches only /scim/v2.');
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('SCIM provisioning');
    expect(within(dialog).getByRole('combobox', { name: T.expiry })).toHaveValue('365');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({
      name: 'SCIM provisioning',
      scope: 'scim',
    });
  });

  it('sends the end of a custom day', async () => {
    const fetchMock = stubFetch({
      'POST /api/v1/api-tokens': { status: 201, body: { ...deployToken, token: `svt_${'c'.repeat(43)}` } },
    });
    const user = userEvent.setup();
    const { dialog } = open();
    const day = new Date(Date.now() + 100 * DAY).toISOString().slice(0, 10);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Yearly');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.expiry }), 'custom');
    await user.type(within(dialog).getByLabelText(/Expiry date/), day);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)).expiresAt).toBe(`${day}T23:59:59.000Z`);
  });
});
