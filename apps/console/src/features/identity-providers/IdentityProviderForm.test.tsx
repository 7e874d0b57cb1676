import { SAML_MESSAGES } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { IdentityProviderEdit } from './IdentityProviderEditPage';
import { IdentityProviderForm } from './IdentityProviderForm';
import {
  entraProvider,
  groupsAnswer,
  oktaProvider,
  providerUrl,
  salesGroup,
} from './identity-providers.fixtures';

/** Records the JSON bodies sent to each "METHOD /path". */
function stubRecording(answers: Record<string, FetchRoute>) {
  const sent: Record<string, unknown[]> = {};
  const fetchMock = stubFetch(
    Object.fromEntries(
      Object.entries(answers).map(([key, answer]) => [
        key,
        (init: RequestInit | undefined) => {
          const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
          sent[key] = [...(sent[key] ?? []), body];
          return typeof answer === 'function' ? answer(init) : answer;
        },
      ]),
    ),
  );
  return { sent, fetchMock };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const secretInput = () => screen.getByLabelText(/^Client secret/);

describe('Create identity provider', () => {
  it("reports every empty required field with the contract's messages", async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubRecording({ 'GET /api/v1/groups': groupsAnswer });
    renderWithProviders(<IdentityProviderForm />, { path: '/identity-providers/create' });

    expect(screen.getByRole('heading', { level: 1, name: 'Create Identity Provider' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Connection method is required')).toBeInTheDocument();
    // Client ID, client secret and issuer.
    expect(screen.getAllByText('Value must be set!')).toHaveLength(3);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('refuses an issuer that is not an https URL', async () => {
    const user = userEvent.setup();
    stubRecording({ 'GET /api/v1/groups': groupsAnswer });
    renderWithProviders(<IdentityProviderForm />, { path: '/identity-providers/create' });
    await user.type(field(/^Issuer/), 'ftp://idp.example.com');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Issuer should be an absolute https URL')).toBeInTheDocument();
  });

  it('creates the provider with its default group, says so and shows its details', async () => {
    const user = userEvent.setup();
    const { sent } = stubRecording({
      'GET /api/v1/groups': groupsAnswer,
      'POST /api/v1/identity-providers': { status: 201, body: oktaProvider },
    });
    const { router } = renderWithProviders(<IdentityProviderForm />, { path: '/identity-providers/create' });

    await user.type(field(/^Name/), 'Okta');
    // The default text follows the name until one is typed.
    expect(field(/^Button text/)).toHaveAttribute('placeholder', 'Connect Okta');
    expect(screen.getByRole('img', { name: 'Login button: Connect Okta' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Connection method/ }));
    await user.click(await screen.findByRole('option', { name: 'OpenID Connect' }));
    await user.type(field(/^Client ID/), 'okta-client');
    await user.type(secretInput(), 's3cret');
    expect(secretInput()).toHaveAttribute('type', 'password');
    await user.type(field(/^Issuer/), 'https://acme.okta.example.com');
    await user.click(screen.getByRole('combobox', { name: /^Default group/ }));
    await user.click(await screen.findByRole('option', { name: salesGroup.name }));
    // The redirect URI to register at the provider.
    expect(field(/^Callback URL/)).toHaveValue(`${window.location.origin}/api/v1/sso/callback`);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/identity-providers/${oktaProvider.id}`),
    );
    expect(await screen.findByText('Identity Provider was successfully created')).toBeInTheDocument();
    expect(sent['POST /api/v1/identity-providers']?.[0]).toEqual({
      name: 'Okta',
      type: 'OpenId',
      buttonText: '',
      buttonImageId: null,
      defaultGroupId: salesGroup.id,
      providerData: {
        clientId: 'okta-client',
        clientSecret: 's3cret',
        issuer: 'https://acme.okta.example.com',
      },
      credentialsExpireAt: null,
    });
  });

  it('creates a SAML provider from pasted metadata with its attribute mapping, and only its settings', async () => {
    const user = userEvent.setup();
    const { sent } = stubRecording({
      'GET /api/v1/groups': groupsAnswer,
      'POST /api/v1/identity-providers': { status: 201, body: entraProvider },
    });
    renderWithProviders(<IdentityProviderForm />, { path: '/identity-providers/create' });
    await user.type(field(/^Name/), 'Entra');
    await user.click(screen.getByRole('combobox', { name: /^Connection method/ }));
    await user.click(await screen.findByRole('option', { name: 'SAML 2.0' }));
    expect(screen.queryByRole('textbox', { name: /^Client ID/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(SAML_MESSAGES.metadataRequired)).toBeInTheDocument();
    await user.click(field(/^Metadata XML/));
    await user.paste('<EntityDescriptor entityID="https://sts.windows.net/tenant-id/"/>');
    await user.type(field(/^E-mail attribute/), 'email');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent['POST /api/v1/identity-providers']).toHaveLength(1));
    expect(sent['POST /api/v1/identity-providers']?.[0]).toEqual({
      name: 'Entra',
      type: 'Saml',
      buttonText: '',
      buttonImageId: null,
      defaultGroupId: null,
      providerData: {
        metadataXml: '<EntityDescriptor entityID="https://sts.windows.net/tenant-id/"/>',
        metadataUrl: '',
        emailAttribute: 'email',
        firstNameAttribute: '',
        lastNameAttribute: '',
        clockSkewSeconds: 60,
        wantAssertionsSigned: true,
        allowIdpInitiated: false,
      },
    });
  });

  it("shows the server's field messages next to their fields, nested ones included", async () => {
    const user = userEvent.setup();
    stubRecording({
      'GET /api/v1/groups': groupsAnswer,
      'POST /api/v1/identity-providers': apiError(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        'providerData.issuer': 'The issuer could not be reached',
      }),
    });
    const { handleError } = renderWithProviders(<IdentityProviderForm />, {
      path: '/identity-providers/create',
    });
    await user.type(field(/^Name/), 'Okta');
    await user.click(screen.getByRole('combobox', { name: /^Connection method/ }));
    await user.click(await screen.findByRole('option', { name: 'OpenID Connect' }));
    await user.type(field(/^Client ID/), 'okta-client');
    await user.type(secretInput(), 's3cret');
    await user.type(field(/^Issuer/), 'https://unreachable.example.com');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('The issuer could not be reached')).toBeInTheDocument();
    expect(field(/^Issuer/)).toHaveAttribute('aria-invalid', 'true');
    expect(handleError).not.toHaveBeenCalled();
  });
});

describe('Edit identity provider', () => {
  const editAnswers = (extra: Record<string, FetchRoute> = {}) =>
    stubRecording({
      [`GET ${providerUrl}`]: { body: oktaProvider },
      'GET /api/v1/groups': groupsAnswer,
      [`GET /api/v1/groups/${salesGroup.id}`]: { body: salesGroup },
      [`GET /api/v1/icons/info/${oktaProvider.buttonImageId}`]: { body: { fileName: 'okta.svg' } },
      ...extra,
    });
  const openEdit = () =>
    renderWithProviders(<IdentityProviderEdit id={oktaProvider.id} />, {
      path: `/identity-providers/${oktaProvider.id}/edit`,
    });

  it('starts from the provider, its secret empty: left empty, the stored secret is kept', async () => {
    const user = userEvent.setup();
    const { sent } = editAnswers({
      [`PATCH ${providerUrl}`]: { body: { ...oktaProvider, name: 'Okta SSO' } },
    });
    const { router } = openEdit();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Identity Provider: Okta' }),
    ).toBeInTheDocument();
    expect(field(/^Name/)).toHaveValue('Okta');
    expect(field(/^Client ID/)).toHaveValue('okta-client');
    expect(secretInput()).toHaveValue('');
    expect(screen.getByText('Leave empty to keep the current client secret')).toBeInTheDocument();
    expect(await screen.findByText('okta.svg')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /^Default group/ })).toHaveValue(salesGroup.name);

    await user.clear(field(/^Name/));
    await user.type(field(/^Name/), 'Okta SSO');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/identity-providers/${oktaProvider.id}`),
    );
    expect(await screen.findByText('Identity Provider was successfully updated')).toBeInTheDocument();
    const body = sent[`PATCH ${providerUrl}`]?.[0] as { name: string; providerData: Record<string, string> };
    expect(body.name).toBe('Okta SSO');
    expect(body.providerData).toEqual({ clientId: 'okta-client', issuer: 'https://acme.okta.example.com' });
  });

  it("starts from the client secret's end date, and sends a changed or emptied one", async () => {
    const user = userEvent.setup();
    const { sent } = editAnswers({
      [`GET ${providerUrl}`]: { body: { ...oktaProvider, credentialsExpireAt: '2027-03-01T00:00:00.000Z' } },
      [`PATCH ${providerUrl}`]: { body: oktaProvider },
    });
    openEdit();
    const expires = await screen.findByLabelText(/^Expires on/);
    expect(expires).toHaveValue('2027-03-01');
    fireEvent.change(expires, { target: { value: '2027-04-15' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent[`PATCH ${providerUrl}`]).toHaveLength(1));
    expect(sent[`PATCH ${providerUrl}`]?.[0]).toMatchObject({ credentialsExpireAt: '2027-04-15' });
  });

  it('shows a stored default text as empty, so the button follows a new name', async () => {
    const user = userEvent.setup();
    const { sent } = editAnswers({
      [`GET ${providerUrl}`]: { body: { ...oktaProvider, buttonText: 'Connect Okta' } },
      [`PATCH ${providerUrl}`]: { body: oktaProvider },
    });
    openEdit();
    const text = await screen.findByRole('textbox', { name: /^Button text/ });
    expect(text).toHaveValue('');
    await user.clear(field(/^Name/));
    await user.type(field(/^Name/), 'Acme IdP');
    expect(text).toHaveAttribute('placeholder', 'Connect Acme IdP');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent[`PATCH ${providerUrl}`]).toHaveLength(1));
    expect(sent[`PATCH ${providerUrl}`]?.[0]).toMatchObject({ name: 'Acme IdP', buttonText: '' });
  });

  it('sends a new secret when one is typed', async () => {
    const user = userEvent.setup();
    const { sent } = editAnswers({ [`PATCH ${providerUrl}`]: { body: oktaProvider } });
    openEdit();
    await user.type(await screen.findByLabelText(/^Client secret/), 'rotated-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent[`PATCH ${providerUrl}`]).toHaveLength(1));
    const body = sent[`PATCH ${providerUrl}`]?.[0] as { providerData: Record<string, string> };
    expect(body.providerData.clientSecret).toBe('rotated-secret');
  });

  it('asks for the client secret again when the issuer changes, and sends it with the new issuer', async () => {
    const user = userEvent.setup();
    const { sent, fetchMock } = editAnswers({ [`PATCH ${providerUrl}`]: { body: oktaProvider } });
    openEdit();
    const issuer = await screen.findByRole('textbox', { name: /^Issuer/ });
    await user.clear(issuer);
    await user.type(issuer, 'https://login.other.example.com');
    expect(
      screen.getByText('A new issuer needs its own client secret: the current one is not sent to it'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter the client secret again when the issuer changes'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.type(secretInput(), 'other-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent[`PATCH ${providerUrl}`]).toHaveLength(1));
    const body = sent[`PATCH ${providerUrl}`]?.[0] as { providerData: Record<string, string> };
    expect(body.providerData).toEqual({
      clientId: 'okta-client',
      clientSecret: 'other-secret',
      issuer: 'https://login.other.example.com',
    });
  });

  it('Cancel goes back to the details without saving, once the changes are discarded', async () => {
    const user = userEvent.setup();
    const { fetchMock } = editAnswers();
    const { router } = openEdit();
    const button = await screen.findByRole('region', { name: 'Login button' });
    expect(await within(button).findByText('okta.svg')).toBeInTheDocument();
    await user.type(field(/^Name/), ' changed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/identity-providers/${oktaProvider.id}`),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('goes back to the list when the provider cannot be loaded', async () => {
    stubFetch({
      [`GET ${providerUrl}`]: apiError(404, 'NOT_FOUND', 'Identity provider not found.'),
    });
    const { router } = openEdit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/identity-providers'));
  });
});
