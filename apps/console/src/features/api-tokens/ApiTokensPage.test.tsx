import { API_TOKEN_TEXTS } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deployToken, oldToken } from '../../test/api-tokens.fixtures';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ApiTokensPage } from './ApiTokensPage';

const T = API_TOKEN_TEXTS;
const TOKEN = `svt_${'A'.repeat(43)}`;

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByText(name).closest('tr') as HTMLElement;

describe('ApiTokensPage', () => {
  it('lists the tokens with scope, creator, dates, expiry and last use', async () => {
    stubFetch({ 'GET /api/v1/api-tokens': { body: { apiTokens: [deployToken, oldToken], total: 2 } } });
    renderWithProviders(<ApiTokensPage />, { path: '/api-tokens' });

    expect(screen.getByRole('heading', { level: 1, name: T.screenTitle })).toBeInTheDocument();
    expect(screen.getByText(T.intro)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: T.screenTitle });
    await within(table).findByText('Deploy script');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Scope', 'Created by', 'Created', 'Expires', 'Last used', 'Actions']);

    const deploy = rowOf(table, 'Deploy script');
    expect(within(deploy).getByText('Administrator')).toBeInTheDocument();
    expect(within(deploy).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(deploy).getByText('March 4, 2025 at 14:05')).toBeInTheDocument();
    expect(within(deploy).getByText('March 5, 2025 at 09:30')).toBeInTheDocument();
    expect(within(deploy).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(deploy).queryByText(T.expired)).not.toBeInTheDocument();

    const old = rowOf(table, 'Old reader');
    expect(within(old).getByText('Read only')).toBeInTheDocument();
    expect(within(old).getByText(T.unknownCreator)).toBeInTheDocument();
    expect(within(old).getByText(T.expired)).toBeInTheDocument();
    expect(within(old).getByText(T.never)).toBeInTheDocument();
    // Never the token itself: only its prefix to recognise it by.
    expect(within(old).getByText('svt_WxYz…')).toBeInTheDocument();
  });

  it('explains what tokens are for while there is none', async () => {
    stubFetch({ 'GET /api/v1/api-tokens': { body: { apiTokens: [], total: 0 } } });
    renderWithProviders(<ApiTokensPage />, { path: '/api-tokens' });
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(screen.getByText(T.emptyHelp)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: T.create })).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    stubFetch({
      'GET /api/v1/api-tokens': {
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
      },
    });
    renderWithProviders(<ApiTokensPage />, { path: '/api-tokens' });
    expect(await screen.findByText('The API tokens could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates a token, shows it once with Copy, and never again after Done', async () => {
    let listed = [deployToken];
    const created = {
      ...deployToken,
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      name: 'CI',
      prefix: 'svt_AAAA',
      token: TOKEN,
    };
    const fetchMock = stubFetch({
      'GET /api/v1/api-tokens': () => ({ body: { apiTokens: listed, total: listed.length } }),
      'POST /api/v1/api-tokens': () => {
        const { token: _, ...shown } = created;
        listed = [shown, deployToken];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    // After user-event's setup, which puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ApiTokensPage />, { path: '/api-tokens' });

    await user.click(await screen.findByRole('button', { name: T.create }));
    const form = await screen.findByRole('dialog', { name: T.createTitle });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'CI');
    await user.click(within(form).getByRole('radio', { name: /Administrator/ }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: T.shownOnceTitle });
    expect(within(shown).getByText(T.shownOnce)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: T.token })).toHaveValue(TOKEN);
    expect(await screen.findByText(T.createdToast)).toBeInTheDocument();
    const sent = JSON.parse(
      String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body),
    );
    expect(sent).toMatchObject({ name: 'CI', scope: 'admin' });

    fireEvent.click(within(shown).getByRole('button', { name: /^Copy/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TOKEN));
    expect(await screen.findByText(T.copied)).toBeInTheDocument();

    // A click beside it does not lose it; Done does close it, and the token is gone for good.
    await user.click(within(shown).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: T.screenTitle });
    expect(await within(table).findByText('CI')).toBeInTheDocument();
    expect(within(table).queryByText(TOKEN)).not.toBeInTheDocument();
  });

  it('revokes a token after its confirmation, and not on Cancel', async () => {
    let listed = [deployToken, oldToken];
    const fetchMock = stubFetch({
      'GET /api/v1/api-tokens': () => ({ body: { apiTokens: listed, total: listed.length } }),
      [`DELETE /api/v1/api-tokens/${deployToken.id}`]: () => {
        listed = [oldToken];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiTokensPage />, { path: '/api-tokens' });

    await user.click(await screen.findByRole('button', { name: 'Revoke Deploy script' }));
    let confirm = await screen.findByRole('dialog', { name: T.revokeTitle });
    expect(within(confirm).getByText(T.revokeConfirm('Deploy script'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke Deploy script' }));
    confirm = await screen.findByRole('dialog', { name: T.revokeTitle });
    await user.click(within(confirm).getByRole('button', { name: T.revoke }));
    expect(await screen.findByText(T.revokedToast)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Deploy script')).not.toBeInTheDocument());
    expect(screen.getByText('Old reader')).toBeInTheDocument();
  });
});
