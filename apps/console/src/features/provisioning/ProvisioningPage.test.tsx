import { API_TOKEN_TEXTS, MESSAGES } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deployToken, oktaToken } from '../../test/api-tokens.fixtures';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ProvisioningPage } from './ProvisioningPage';
import { PROVISIONING_TEXTS } from './provisioning.texts';

const T = PROVISIONING_TEXTS;
const SCIM_BASE_URL = 'https://console.example.com/scim/v2';
const DAY = 24 * 60 * 60 * 1000;
const TOKEN = `svt_${'S'.repeat(43)}`;

const settings = { 'GET /api/v1/provisioning': { body: { scimBaseUrl: SCIM_BASE_URL } } };
const section = (name: string) => screen.getByRole('region', { name });

describe('ProvisioningPage', () => {
  it('shows the SCIM base URL, the SCIM tokens only, and the numbered set-up steps of Okta and Entra ID', async () => {
    stubFetch({
      ...settings,
      'GET /api/v1/api-tokens': { body: { apiTokens: [deployToken, oktaToken], total: 2 } },
    });
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ProvisioningPage />, { path: '/provisioning' });

    expect(screen.getByRole('heading', { level: 1, name: T.screenTitle })).toBeInTheDocument();
    expect(await screen.findByDisplayValue(SCIM_BASE_URL)).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: T.copyBaseUrl }));
    expect(writeText).toHaveBeenCalledWith(SCIM_BASE_URL);

    const table = await screen.findByRole('table', { name: T.tokens });
    expect(within(table).getByText('Okta provisioning')).toBeInTheDocument();
    expect(within(table).getByText('svt_OkTa…')).toBeInTheDocument();
    expect(within(table).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(table).queryByText('Deploy script')).not.toBeInTheDocument();
    expect(within(section(T.tokens)).getByRole('link', { name: T.manage })).toHaveAttribute(
      'href',
      '/api-tokens',
    );

    const okta = within(section(T.okta)).getByRole('list', { name: T.okta });
    expect(okta.tagName).toBe('OL');
    const oktaSteps = within(okta)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(oktaSteps.length).toBeGreaterThanOrEqual(6);
    expect(oktaSteps.find((step) => step?.includes('SCIM connector base URL'))).toMatch(/SCIM token/);
    expect(oktaSteps.some((step) => /Unique identifier field for users: userName/.test(step ?? ''))).toBe(
      true,
    );
    expect(oktaSteps.some((step) => /userName must be the user’s e-mail address/.test(step ?? ''))).toBe(
      true,
    );
    expect(oktaSteps.some((step) => /Push Groups/.test(step ?? ''))).toBe(true);

    const entra = within(section(T.entra)).getByRole('list', { name: T.entra });
    expect(entra.tagName).toBe('OL');
    const entraSteps = within(entra)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entraSteps.find((step) => step?.includes('Tenant URL'))).toMatch(
      /Secret Token: paste the SCIM token/,
    );
    expect(entraSteps.some((step) => /emails\[type eq "work"\]\.value ← mail/.test(step ?? ''))).toBe(true);
    expect(entraSteps.some((step) => /Provision Microsoft Entra ID Groups/.test(step ?? ''))).toBe(true);

    expect(
      within(section(T.rules)).getByText(/^Administrators are never changed by SCIM/),
    ).toBeInTheDocument();
  });

  it('says so while there is no SCIM token', async () => {
    stubFetch({ ...settings, 'GET /api/v1/api-tokens': { body: { apiTokens: [deployToken], total: 1 } } });
    renderWithProviders(<ProvisioningPage />, { path: '/provisioning' });
    expect(await screen.findByText(T.noTokens)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: T.tokens })).not.toBeInTheDocument();
  });

  it('creates a token of scope scim through the API tokens call, after the step-up, and shows it once', async () => {
    let listed = [deployToken];
    const bodies: Record<string, unknown>[] = [];
    stubFetch({
      ...settings,
      'GET /api/v1/api-tokens': () => ({ body: { apiTokens: listed, total: listed.length } }),
      'POST /api/v1/api-tokens': (init) => {
        const body = bodyOf(init);
        bodies.push(body);
        if (!body.code) {
          return apiError(400, 'VALIDATION_ERROR', MESSAGES.mfaStepUpRequired, {
            code: MESSAGES.mfaStepUpRequired,
          });
        }
        const made = { ...oktaToken, id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: body.name as string };
        listed = [made, deployToken];
        return { status: 201, body: { ...made, token: TOKEN } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProvisioningPage />, { path: '/provisioning' });
    expect(await screen.findByText(T.noTokens)).toBeInTheDocument();

    const before = Date.now();
    await user.click(screen.getByRole('button', { name: T.create }));
    const form = await screen.findByRole('dialog', { name: T.createTitle });
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue(T.defaultName);
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const confirm = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.stepUpTitle });
    await user.type(within(confirm).getByRole('textbox', { name: /Verification code/ }), '246810');
    await user.click(within(confirm).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.shownOnceTitle });
    expect(within(shown).getByRole('textbox', { name: API_TOKEN_TEXTS.token })).toHaveValue(TOKEN);
    const [first, second] = bodies;
    expect(first).toMatchObject({ name: T.defaultName, scope: 'scim' });
    expect(first).not.toHaveProperty('code');
    expect(second).toEqual({ ...first, code: '246810' });
    const expiresAt = new Date(first!.expiresAt as string).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 365 * DAY);

    await user.click(within(shown).getByRole('button', { name: API_TOKEN_TEXTS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: T.tokens });
    expect(within(table).getByText(T.defaultName)).toBeInTheDocument();
  });
});
