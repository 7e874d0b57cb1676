import { SSO_ENFORCEMENT_MESSAGES, SSO_ENFORCEMENT_TEXTS } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SingleSignOnCard } from './SingleSignOnCard';

const DOMAIN_ID = '5b0e7c1a-2f3d-4e5a-8b6c-7d8e9f0a1b2c';
const OKTA = '6c1f8d2b-3a4e-4f6b-9c7d-8e9f0a1b2c3d';
const ENTRA = '7d2a9e3c-4b5f-4a7c-8d8e-9f0a1b2c3d4e';
const ADA = '8e3b0f4d-5c6a-4b8d-9e9f-0a1b2c3d4e5f';
const GRACE = '9f4c1a5e-6d7b-4c9e-8f0a-1b2c3d4e5f60';

const provider = (id: string, name: string) => ({
  id,
  name,
  type: 'OpenId',
  active: true,
  buttonText: name,
  buttonImageId: null,
  defaultGroupId: null,
  providerData: { clientId: 'c', issuer: 'https://idp.example' },
  credentialsExpireAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const domain = {
  id: DOMAIN_ID,
  domain: 'acme.com',
  providers: [{ id: OKTA, name: 'Okta', active: true }],
  enforceSso: false,
  apiTokensUnderEnforcement: false,
};
const reads = {
  'GET /api/v1/sso-enforcement/domains': { body: { domains: [domain] } },
  'GET /api/v1/identity-providers': {
    body: { identityProviders: [provider(OKTA, 'Okta'), provider(ENTRA, 'Entra ID')], total: 2 },
  },
  'GET /api/v1/sso-enforcement/break-glass': {
    body: {
      administrators: [
        {
          userId: ADA,
          email: 'ada@acme.com',
          name: 'Ada L',
          hasSecondFactor: true,
          addedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      candidates: [{ userId: GRACE, email: 'grace@acme.com', name: 'Grace H' }],
    },
  },
};

describe('SingleSignOnCard', () => {
  it("saves a domain's providers in the chosen order with enforcement, and shows the server's refusal", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    stubFetch({
      ...reads,
      [`PUT /api/v1/sso-enforcement/domains/${DOMAIN_ID}`]: (init) => {
        sent.push(bodyOf(init));
        if (refuse) {
          return apiError(400, 'VALIDATION_ERROR', SSO_ENFORCEMENT_MESSAGES.needsBreakGlass, {
            enforceSso: SSO_ENFORCEMENT_MESSAGES.needsBreakGlass,
          });
        }
        return { body: { ...domain, ...bodyOf(init) } };
      },
    });
    renderWithProviders(<SingleSignOnCard />, { path: '/authentication' });
    const section = await screen.findByRole('region', { name: 'acme.com' });
    // Add Entra ID and move it first.
    fireEvent.mouseDown(within(section).getByRole('combobox', { name: SSO_ENFORCEMENT_TEXTS.addProvider }));
    fireEvent.click(await screen.findByRole('option', { name: 'Entra ID' }));
    fireEvent.click(within(section).getByRole('button', { name: SSO_ENFORCEMENT_TEXTS.moveUp('Entra ID') }));
    fireEvent.click(within(section).getByRole('switch', { name: SSO_ENFORCEMENT_TEXTS.enforce }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save acme.com' }));

    expect(await within(section).findByText(SSO_ENFORCEMENT_MESSAGES.needsBreakGlass)).toBeInTheDocument();
    expect(sent[0]).toEqual({
      providerIds: [ENTRA, OKTA],
      enforceSso: true,
      apiTokensUnderEnforcement: false,
    });
    refuse = false;
    fireEvent.click(within(section).getByRole('button', { name: 'Save acme.com' }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it('names a break-glass administrator from the picker and shows why the last one cannot go', async () => {
    let added: unknown;
    stubFetch({
      ...reads,
      'POST /api/v1/sso-enforcement/break-glass': (init) => {
        added = bodyOf(init);
        return {
          status: 201,
          body: { ...reads['GET /api/v1/sso-enforcement/break-glass'].body.administrators[0] },
        };
      },
      [`DELETE /api/v1/sso-enforcement/break-glass/${ADA}`]: apiError(
        409,
        'CONFLICT',
        SSO_ENFORCEMENT_MESSAGES.lastBreakGlass,
      ),
    });
    renderWithProviders(<SingleSignOnCard />, { path: '/authentication' });
    const section = await screen.findByRole('region', { name: SSO_ENFORCEMENT_TEXTS.breakGlassTitle });
    expect(await within(section).findByText('Ada L')).toBeInTheDocument();
    fireEvent.click(
      within(section).getByRole('button', { name: SSO_ENFORCEMENT_TEXTS.removeBreakGlass('Ada L') }),
    );
    expect(await within(section).findByText(SSO_ENFORCEMENT_MESSAGES.lastBreakGlass)).toBeInTheDocument();

    fireEvent.mouseDown(
      within(section).getByRole('combobox', { name: SSO_ENFORCEMENT_TEXTS.pickAdministrator }),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Grace H (grace@acme.com)' }));
    fireEvent.click(within(section).getByRole('button', { name: SSO_ENFORCEMENT_TEXTS.addBreakGlass }));
    await waitFor(() => expect(added).toEqual({ userId: GRACE }));
  });

  it('says what to do first when no domain is verified', async () => {
    stubFetch({ ...reads, 'GET /api/v1/sso-enforcement/domains': { body: { domains: [] } } });
    renderWithProviders(<SingleSignOnCard />, { path: '/authentication' });
    expect(await screen.findByText(SSO_ENFORCEMENT_TEXTS.noDomains)).toBeInTheDocument();
  });
});

describe('SingleSignOnCard by administrator role', () => {
  it('shows an Auditor the routing, enforcement and break-glass list without a way to change them', async () => {
    stubFetch(reads);
    renderWithProviders(<SingleSignOnCard />, { path: '/authentication', session: administrator('Auditor') });
    const section = await screen.findByRole('region', { name: 'acme.com' });
    expect(within(section).getByText('1. Okta')).toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: SSO_ENFORCEMENT_TEXTS.enforce })).toBeDisabled();
    expect(within(section).queryByRole('button', { name: 'Save acme.com' })).not.toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: SSO_ENFORCEMENT_TEXTS.removeProvider('Okta') }),
    ).not.toBeInTheDocument();
    expect(
      within(section).queryByRole('combobox', { name: SSO_ENFORCEMENT_TEXTS.addProvider }),
    ).not.toBeInTheDocument();
    expect(await screen.findByText('Ada L')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: SSO_ENFORCEMENT_TEXTS.removeBreakGlass('Ada L') }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: SSO_ENFORCEMENT_TEXTS.addBreakGlass }),
    ).not.toBeInTheDocument();
  });

  it('gives a Security administrator every control', async () => {
    stubFetch(reads);
    renderWithProviders(<SingleSignOnCard />, {
      path: '/authentication',
      session: administrator('SecurityAdministrator'),
    });
    const section = await screen.findByRole('region', { name: 'acme.com' });
    expect(within(section).getByRole('switch', { name: SSO_ENFORCEMENT_TEXTS.enforce })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Save acme.com' })).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: SSO_ENFORCEMENT_TEXTS.removeProvider('Okta') }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: SSO_ENFORCEMENT_TEXTS.removeBreakGlass('Ada L') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SSO_ENFORCEMENT_TEXTS.addBreakGlass })).toBeInTheDocument();
  });
});
