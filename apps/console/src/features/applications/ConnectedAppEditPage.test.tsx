import { DAY_MS, MINUTE_MS } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { notFound, portal } from './applications.fixtures';
import { ConnectedAppEdit } from './ConnectedAppEditPage';

const url = `/api/v1/applications/${portal.id}`;
const REFRESH_RANGE = 'Refresh token lifetime should be between 5 minutes and 365 days';
const ACCESS_RANGE = 'Access token lifetime should be between 1 minute and 1 day';
const ACCESS_EXCEEDS = 'Access token lifetime should not be greater than refresh token lifetime';
const URL_INVALID = 'URL should be an absolute http:// or https:// address';
const URL_INSECURE = 'URL should start with https:// (http:// only for localhost or a loopback address)';

function renderEdit(get: FetchRoute = { body: portal }, patch?: FetchRoute) {
  const sent: unknown[] = [];
  stubFetch({
    [`GET ${url}`]: get,
    ...(patch && {
      [`PATCH ${url}`]: (init: RequestInit | undefined) => {
        sent.push(JSON.parse(String(init?.body)));
        return typeof patch === 'function' ? patch(init) : patch;
      },
    }),
  });
  const rendered = renderWithProviders(<ConnectedAppEdit id={portal.id} />, {
    path: `/applications/${portal.id}/edit`,
  });
  return { ...rendered, sent };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const nameField = () => screen.getByRole('textbox', { name: /^Name/ });
const lifetime = (legend: string) => {
  const group = screen.getByRole('group', { name: legend });
  return {
    group,
    days: within(group).getByRole('textbox', { name: 'Days' }),
    minutes: within(group).getByRole('textbox', { name: 'Minutes' }),
  };
};
const setLifetime = (legend: string, days: string, minutes: string) => {
  const { days: daysBox, minutes: minutesBox } = lifetime(legend);
  fireEvent.input(daysBox, { target: { value: days } });
  fireEvent.blur(daysBox);
  fireEvent.input(minutesBox, { target: { value: minutes } });
  fireEvent.blur(minutesBox);
};
const urlGroup = (legend: string) => screen.getByRole('group', { name: new RegExp(`^${legend}`) });

async function loaded() {
  await screen.findByRole('heading', { level: 1, name: 'Edit Connected App: Customer Portal' });
}

describe('Edit Connected App: loading and Save', () => {
  it('fills the form from the app, lifetimes in days and minutes', async () => {
    renderEdit();
    await loaded();
    expect(nameField()).toHaveValue('Customer Portal');
    expect(screen.getByRole('switch', { name: 'Multi-tenant mode' })).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Authorization Code (for web and mobile apps)' }),
    ).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Refresh Token' })).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Offline Access (asks for a refresh token)' }),
    ).not.toBeChecked();
    expect(
      within(urlGroup('Callback URLs'))
        .getAllByRole('textbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(portal.data.oauth.authorizedCallbackURLs);
    expect(within(urlGroup('Sign-out URLs')).getByText(/^No sign-out URLs/)).toBeInTheDocument();
    // 14 days; 60 minutes.
    expect(lifetime('Refresh token lifetime').days).toHaveValue('14');
    expect(lifetime('Refresh token lifetime').minutes).toHaveValue('0');
    expect(lifetime('Access token lifetime').days).toHaveValue('0');
    expect(lifetime('Access token lifetime').minutes).toHaveValue('60');
    expect(
      within(lifetime('Refresh token lifetime').group).getByText('From 5 minutes to 365 days'),
    ).toBeInTheDocument();
    expect(
      within(lifetime('Access token lifetime').group).getByText(
        'From 1 minute to 1 day, and not longer than the refresh token lifetime',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `/applications/${portal.id}`,
    );
  });

  it('enables Save only once loaded and while the name is longer than 3 characters', async () => {
    let answer: (value: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    stubFetch({});
    const fetchMock = globalThis.fetch as unknown as {
      mockImplementationOnce: (fn: () => Promise<Response>) => void;
    };
    fetchMock.mockImplementationOnce(() => pending);
    renderWithProviders(<ConnectedAppEdit id={portal.id} />, { path: `/applications/${portal.id}/edit` });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Connected App' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    answer(new Response(JSON.stringify(portal), { headers: { 'Content-Type': 'application/json' } }));
    await loaded();
    expect(saveButton()).toBeEnabled();
    fireEvent.input(nameField(), { target: { value: 'App' } });
    expect(saveButton()).toBeDisabled();
    fireEvent.input(nameField(), { target: { value: '   App  ' } });
    expect(saveButton()).toBeDisabled();
    fireEvent.input(nameField(), { target: { value: 'Apps' } });
    expect(saveButton()).toBeEnabled();
  });

  it('goes back to the list when the app cannot be loaded', async () => {
    const { router } = renderEdit(notFound);
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
  });
});

describe('Edit Connected App: saving', () => {
  it('sends every field, lifetimes in milliseconds, then shows the details', async () => {
    const { sent, router } = renderEdit(undefined, { body: portal });
    await loaded();
    fireEvent.input(nameField(), { target: { value: 'Portal two' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Multi-tenant mode' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Refresh Token' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Offline Access (asks for a refresh token)' }));

    // Callback URLs: edit the first, delete the second, add one.
    const callbacks = urlGroup('Callback URLs');
    fireEvent.input(within(callbacks).getByRole('textbox', { name: 'Callback URL 1' }), {
      target: { value: 'https://portal.example.com/signed-in' },
    });
    fireEvent.click(within(callbacks).getByRole('button', { name: 'Delete callback URL 2' }));
    fireEvent.click(within(callbacks).getByRole('button', { name: 'Add callback URL' }));
    const added = within(callbacks).getByRole('textbox', { name: 'Callback URL 3' });
    expect(added).toHaveValue('https://');
    await waitFor(() => expect(added).toHaveFocus());
    fireEvent.input(added, { target: { value: 'https://portal.example.com/new' } });

    const signOuts = urlGroup('Sign-out URLs');
    fireEvent.click(within(signOuts).getByRole('button', { name: 'Add sign-out URL' }));
    fireEvent.input(within(signOuts).getByRole('textbox', { name: 'Sign-out URL 1' }), {
      target: { value: 'https://portal.example.com/bye' },
    });

    setLifetime('Refresh token lifetime', '30', '0');
    setLifetime('Access token lifetime', '0', '90');
    fireEvent.click(saveButton());

    expect(await screen.findByText('Application was successfully updated')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Portal two',
        shared: true,
        data: {
          oauth: {
            allowedFlows: ['authorization_code', 'refresh_token'],
            allowedScopes: ['offline_access'],
            authorizedCallbackURLs: [
              'https://portal.example.com/signed-in',
              'https://staging.portal.example.com/callback',
              'https://portal.example.com/new',
            ],
            authorizedSignOutURLs: ['https://portal.example.com/bye'],
          },
          authorizationPolicy: { accessTokenLifetime: 90 * MINUTE_MS, refreshTokenLifetime: 30 * DAY_MS },
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${portal.id}`));
  });

  it("shows the server's messages next to nested fields", async () => {
    const message = 'This callback URL is not allowed';
    const { sent } = renderEdit(
      undefined,
      apiError(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        'data.oauth.authorizedCallbackURLs.1': message,
      }),
    );
    await loaded();
    fireEvent.click(saveButton());
    expect(await within(urlGroup('Callback URLs')).findByText(message)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(
      within(urlGroup('Callback URLs')).getByRole('textbox', { name: 'Callback URL 2' }),
    ).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Edit Connected App: lifetimes', () => {
  it('converts days and minutes, and writes them back whole on leaving the control', async () => {
    const { sent } = renderEdit(undefined, { body: portal });
    await loaded();
    const refresh = lifetime('Refresh token lifetime');
    fireEvent.input(refresh.days, { target: { value: '' } });
    fireEvent.input(refresh.minutes, { target: { value: '1500' } });
    fireEvent.blur(refresh.minutes);
    expect(refresh.days).toHaveValue('1');
    expect(refresh.minutes).toHaveValue('60');
    fireEvent.click(saveButton());
    await screen.findByText('Application was successfully updated');
    expect(sent).toMatchObject([
      {
        data: {
          authorizationPolicy: {
            refreshTokenLifetime: 1500 * MINUTE_MS,
            accessTokenLifetime: 60 * MINUTE_MS,
          },
        },
      },
    ]);
  });

  it('shows the bounds of each lifetime as the contract words them, and sends nothing', async () => {
    const { sent } = renderEdit(undefined, { body: portal });
    await loaded();
    const refreshGroup = lifetime('Refresh token lifetime').group;
    const accessGroup = lifetime('Access token lifetime').group;

    setLifetime('Refresh token lifetime', '0', '4');
    expect(await within(refreshGroup).findByText(REFRESH_RANGE)).toBeInTheDocument();
    setLifetime('Refresh token lifetime', '365', '1');
    expect(await within(refreshGroup).findByText(REFRESH_RANGE)).toBeInTheDocument();
    setLifetime('Refresh token lifetime', '365', '0');
    await waitFor(() => expect(within(refreshGroup).queryByText(REFRESH_RANGE)).not.toBeInTheDocument());

    setLifetime('Access token lifetime', '0', '0');
    expect(await within(accessGroup).findByText(ACCESS_RANGE)).toBeInTheDocument();
    setLifetime('Access token lifetime', '1', '1');
    expect(await within(accessGroup).findByText(ACCESS_RANGE)).toBeInTheDocument();
    setLifetime('Access token lifetime', 'x', '5');
    expect(await within(accessGroup).findByText(ACCESS_RANGE)).toBeInTheDocument();
    expect(lifetime('Access token lifetime').days).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(saveButton());
    await waitFor(() => expect(lifetime('Access token lifetime').days).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('keeps the access token within the refresh token, checked again when either changes', async () => {
    const { sent } = renderEdit(undefined, { body: portal });
    await loaded();
    const accessGroup = lifetime('Access token lifetime').group;
    setLifetime('Refresh token lifetime', '0', '10');
    setLifetime('Access token lifetime', '0', '30');
    expect(await within(accessGroup).findByText(ACCESS_EXCEEDS)).toBeInTheDocument();
    fireEvent.click(saveButton());
    await waitFor(() => expect(lifetime('Access token lifetime').days).toHaveFocus());
    expect(sent).toEqual([]);

    // A longer refresh token lifts the access token's limit: its message goes without touching it.
    setLifetime('Refresh token lifetime', '1', '0');
    await waitFor(() => expect(within(accessGroup).queryByText(ACCESS_EXCEEDS)).not.toBeInTheDocument());
    expect(within(accessGroup).getByText(/^From 1 minute to 1 day/)).toBeInTheDocument();
  });
});

describe('Edit Connected App: authorized URLs', () => {
  it('checks each entry and requires one callback URL', async () => {
    const { sent } = renderEdit(undefined, { body: portal });
    await loaded();
    const callbacks = urlGroup('Callback URLs');
    fireEvent.click(within(callbacks).getByRole('button', { name: 'Add callback URL' }));
    fireEvent.click(saveButton());
    // The new entry still reads 'https://'; the others are fine.
    expect(await within(callbacks).findByText(URL_INVALID)).toBeInTheDocument();
    expect(within(callbacks).getAllByText(URL_INVALID)).toHaveLength(1);
    fireEvent.input(within(callbacks).getByRole('textbox', { name: 'Callback URL 4' }), {
      target: { value: 'https://portal.example.com/#frag' },
    });
    expect(await within(callbacks).findByText('URL should not contain a fragment (#)')).toBeInTheDocument();
    // Plain http only back to the user's own machine (RFC 8252).
    fireEvent.input(within(callbacks).getByRole('textbox', { name: 'Callback URL 4' }), {
      target: { value: 'http://portal.example.com/callback' },
    });
    expect(await within(callbacks).findByText(URL_INSECURE)).toBeInTheDocument();
    fireEvent.input(within(callbacks).getByRole('textbox', { name: 'Callback URL 4' }), {
      target: { value: 'http://localhost:3000/callback' },
    });
    await waitFor(() => expect(within(callbacks).queryByText(URL_INSECURE)).not.toBeInTheDocument());

    for (let left = 4; left > 0; left -= 1) {
      fireEvent.click(within(callbacks).getByRole('button', { name: `Delete callback URL ${left}` }));
    }
    expect(await within(callbacks).findByText('At least one callback URL is required')).toBeInTheDocument();
    expect(within(callbacks).getByText(/^No callback URLs yet/)).toBeInTheDocument();
    expect(within(callbacks).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(callbacks).getByRole('button', { name: 'Add callback URL' })).toHaveFocus();
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(screen.getByText('At least one callback URL is required')).toBeInTheDocument(),
    );
    expect(sent).toEqual([]);
  });

  it('keeps the other entries as they are when one in the middle is deleted', async () => {
    renderEdit();
    await loaded();
    const callbacks = urlGroup('Callback URLs');
    fireEvent.click(within(callbacks).getByRole('button', { name: 'Delete callback URL 1' }));
    const values = within(callbacks)
      .getAllByRole('textbox')
      .map((box) => (box as HTMLInputElement).value);
    expect(values).toEqual(portal.data.oauth.authorizedCallbackURLs.slice(1));
    // Focus moves to the entry that took the deleted one's place.
    await waitFor(() =>
      expect(within(callbacks).getByRole('textbox', { name: 'Callback URL 1' })).toHaveFocus(),
    );
  });
});
