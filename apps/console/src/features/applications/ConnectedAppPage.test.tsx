import type { Application } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { disabledApp, notFound, portal, sessionEnded } from './applications.fixtures';
import { applicationKeys } from './applications.queries';
import { ConnectedAppDetails } from './ConnectedAppPage';

const WARNING = 'All active sessions and related authorization data will be removed.';
const url = (app: Application) => `/api/v1/applications/${app.id}`;

function renderDetails(app: Application, answers: Record<string, FetchRoute> = {}) {
  const calls: string[] = [];
  const counted = Object.fromEntries(
    Object.entries(answers).map(([key, answer]): [string, FetchRoute] => [
      key,
      (init) => {
        calls.push(key);
        return typeof answer === 'function' ? answer(init) : answer;
      },
    ]),
  );
  stubFetch({ [`GET ${url(app)}`]: { body: app }, ...counted });
  const rendered = renderWithProviders(<ConnectedAppDetails id={app.id} />, {
    path: `/applications/${app.id}`,
  });
  return { ...rendered, calls };
}

/** The value next to a label in a details card. */
const fieldValue = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.MuiPaper-root') as HTMLElement;

async function choose(action: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}
const menuItems = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return items;
};

describe('Connected App details', () => {
  it('shows the three cards: app information, OAuth information and the authorized URLs', async () => {
    renderDetails(portal);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connected App: Customer Portal' }),
    ).toBeInTheDocument();
    const app = card('App information');
    expect(fieldValue(app, 'Name')).toHaveTextContent('Customer Portal');
    expect(fieldValue(app, 'Client Id')).toHaveTextContent('cl_8••••••••93a4');
    expect(fieldValue(app, 'Client Secret')).toHaveTextContent('sec_••••••••9pAb');
    expect(within(app).getByRole('button', { name: 'Copy client secret' })).toBeInTheDocument();
    expect(fieldValue(app, 'Status')).toHaveTextContent('Active');
    expect(fieldValue(app, 'Multi-tenant mode')).toHaveTextContent('Disabled');
    expect(fieldValue(app, 'Updated At')).toHaveTextContent('March 5, 2025 at 09:30');
    expect(fieldValue(app, 'Created At')).toHaveTextContent('March 4, 2025 at 14:05');

    const oauth = card('OAuth information');
    expect(fieldValue(oauth, 'Allowed flows')).toHaveTextContent(
      'Authorization Code (for web and mobile apps)',
    );
    expect(fieldValue(oauth, 'Allowed scopes')).toHaveTextContent('None');
    expect(fieldValue(oauth, 'Access token lifetime')).toHaveTextContent('60 minutes');
    expect(fieldValue(oauth, 'Refresh token lifetime')).toHaveTextContent('20,160 minutes');

    // Two callback URLs, then 'and 1 more' shows the third.
    const urls = card('Authorized URLs');
    const callbacks = within(urls).getByRole('list', { name: 'Callback URLs' });
    expect(
      within(callbacks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['https://portal.example.com/callback', 'https://portal.example.com/alt']);
    fireEvent.click(within(urls).getByRole('button', { name: 'and 1 more' }));
    expect(within(callbacks).getAllByRole('listitem')).toHaveLength(3);
    expect(within(urls).getByText('https://staging.portal.example.com/callback')).toBeInTheDocument();
    fireEvent.click(within(urls).getByRole('button', { name: 'Show less' }));
    expect(within(callbacks).getAllByRole('listitem')).toHaveLength(2);
    expect(fieldValue(urls, 'Sign-out URLs')).toHaveTextContent('None');
    expect(screen.queryByText(/cannot sign anyone in/)).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/applications/${portal.id}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Back to Connected Apps' })).toHaveAttribute(
      'href',
      '/applications',
    );
  });

  it('shows a shared, disabled app with every flow and scope, and no expander for two URLs', async () => {
    const app: Application = {
      ...disabledApp,
      data: {
        ...disabledApp.data,
        oauth: {
          allowedFlows: ['authorization_code', 'refresh_token'],
          allowedScopes: ['offline_access'],
          authorizedCallbackURLs: ['https://billing.example.com/cb'],
          authorizedSignOutURLs: ['https://billing.example.com/bye', 'https://billing.example.com/out'],
        },
      },
    };
    renderDetails(app);
    await screen.findByRole('heading', { level: 1, name: 'Connected App: Billing' });
    expect(fieldValue(card('App information'), 'Status')).toHaveTextContent('Disabled');
    expect(fieldValue(card('App information'), 'Multi-tenant mode')).toHaveTextContent('Enable');
    const oauth = card('OAuth information');
    expect(fieldValue(oauth, 'Allowed flows')).toHaveTextContent(
      'Authorization Code (for web and mobile apps) Refresh Token',
    );
    expect(fieldValue(oauth, 'Allowed scopes')).toHaveTextContent(
      'Offline Access (asks for a refresh token)',
    );
    expect(within(card('Authorized URLs')).getAllByRole('listitem')).toHaveLength(3);
    expect(within(card('Authorized URLs')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says that a new app without a callback URL signs nobody in yet', async () => {
    const fresh = {
      ...portal,
      data: { ...portal.data, oauth: { ...portal.data.oauth, authorizedCallbackURLs: [] } },
    };
    renderDetails(fresh);
    expect(await screen.findByText(/cannot sign anyone in until it has a callback URL/)).toBeInTheDocument();
    expect(fieldValue(card('Authorized URLs'), 'Callback URLs')).toHaveTextContent('None');
  });

  it('offers Disable for an active app and Enable for a disabled one', async () => {
    renderDetails(portal);
    expect(await menuItems()).toEqual(['Disable', 'Regenerate secret', 'Delete']);
  });

  it('enables a disabled app at once, without a confirmation', async () => {
    const { calls } = renderDetails(disabledApp, {
      [`PATCH ${url(disabledApp)}/enable`]: { body: { ...disabledApp, active: true } },
    });
    expect(await menuItems()).toEqual(['Enable', 'Regenerate secret', 'Delete']);
    await choose('Enable');
    expect(await screen.findByText('Application was successfully enabled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([`PATCH ${url(disabledApp)}/enable`]);
    expect(fieldValue(card('App information'), 'Status')).toHaveTextContent('Active');
    expect(await menuItems()).toEqual(['Disable', 'Regenerate secret', 'Delete']);
  });

  it('disables only after confirming, warning that sessions and authorization data go', async () => {
    const { calls } = renderDetails(portal, {
      [`PATCH ${url(portal)}/disable`]: { body: { ...portal, active: false } },
    });
    await choose('Disable');
    let dialog = await screen.findByRole('dialog', { name: 'Disable Connected App?' });
    expect(within(dialog).getByText(WARNING)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await choose('Disable');
    dialog = await screen.findByRole('dialog', { name: 'Disable Connected App?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Application was successfully disabled')).toBeInTheDocument();
    expect(calls).toEqual([`PATCH ${url(portal)}/disable`]);
    await waitFor(() => expect(fieldValue(card('App information'), 'Status')).toHaveTextContent('Disabled'));
  });

  it('regenerates the secret after confirming and shows the new one', async () => {
    const renewed = { ...portal, clientSecret: 'sec_NEWsecretVALUEabcdefgh9999' };
    renderDetails(portal, { [`PATCH ${url(portal)}/regenerate`]: { body: renewed } });
    await choose('Regenerate secret');
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate client secret?' });
    expect(within(dialog).getByText(WARNING)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Client secret was successfully regenerated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fieldValue(card('App information'), 'Client Secret')).toHaveTextContent('sec_••••••••9999');
  });

  it('deletes after confirming and goes back to the list', async () => {
    const { calls, router } = renderDetails(portal, { [`DELETE ${url(portal)}`]: { status: 204 } });
    await choose('Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Connected App?' });
    expect(within(dialog).getByText(WARNING)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Application was successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
    expect(calls).toEqual([`DELETE ${url(portal)}`]);
  });

  it('stays when an action fails, leaving the message to the shared handler', async () => {
    const failure = apiError(500, 'INTERNAL_ERROR', 'Boom');
    const { router } = renderDetails(portal, { [`DELETE ${url(portal)}`]: failure });
    await choose('Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Connected App?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/applications/${portal.id}`);
    expect(screen.queryByText('Application was successfully deleted')).not.toBeInTheDocument();
  });

  it('goes back to the list when the app cannot be loaded', async () => {
    stubFetch({ [`GET ${url(portal)}`]: notFound });
    const { router } = renderWithProviders(<ConnectedAppDetails id={portal.id} />, {
      path: `/applications/${portal.id}`,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
  });

  it('leaves an ended session to the shared handler', async () => {
    stubFetch({ [`GET ${url(portal)}`]: sessionEnded });
    const { router, queryClient } = renderWithProviders(<ConnectedAppDetails id={portal.id} />, {
      path: `/applications/${portal.id}`,
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(applicationKeys.detail(portal.id))?.status).toBe('error'),
    );
    expect(router.state.location.pathname).toBe(`/applications/${portal.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Connected App' })).toBeInTheDocument();
  });
});
