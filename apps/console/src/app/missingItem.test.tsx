import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ConnectedAppEditPage } from '../features/applications/ConnectedAppEditPage';
import { ConnectedAppPage } from '../features/applications/ConnectedAppPage';
import { GroupEditPage } from '../features/groups/GroupEditPage';
import { GroupPage } from '../features/groups/GroupPage';
import { IdentityProviderEditPage } from '../features/identity-providers/IdentityProviderEditPage';
import { IdentityProviderPage } from '../features/identity-providers/IdentityProviderPage';
import { IpRangePage } from '../features/ip-ranges/IpRangePage';
import { MfaDeviceEditPage } from '../features/mfa/MfaDeviceEditPage';
import { MfaDevicePage } from '../features/mfa/MfaDevicePage';
import { RoleEditPage } from '../features/roles/RoleEditPage';
import { RolePage } from '../features/roles/RolePage';
import { UserPage } from '../features/users/UserPage';
import { apiError, type FetchRoute, stubFetch } from '../test/fetchStub';
import { renderWithProviders } from '../test/renderWithProviders';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

interface DetailsPage {
  name: string;
  /** The route pattern, with its id parameter. */
  route: string;
  page: ReactNode;
  /** What the page loads; each answers the failure under test. */
  loads: string[];
  list: string;
}

const page = (name: string, route: string, element: ReactNode, loads: string[], list: string) => ({
  name,
  route,
  page: element,
  loads,
  list,
});

/** SPEC.md §8: these show a failed load's message in a toast and stay, unless the item does not exist. */
const MISSING_GOES_TO_LIST: DetailsPage[] = [
  page('user', '/users/:userId', <UserPage />, [`/api/v1/users/${ID}`], '/users'),
  page('group', '/groups/:groupId', <GroupPage />, [`/api/v1/groups/${ID}`], '/groups'),
  page('group edit', '/groups/:groupId/edit', <GroupEditPage />, [`/api/v1/groups/${ID}`], '/groups'),
  page(
    'role',
    '/roles/:roleId',
    <RolePage />,
    [`/api/v1/roles/${ID}`, `/api/v1/roles/${ID}/permissions`],
    '/roles',
  ),
  page(
    'role edit',
    '/roles/:roleId/edit',
    <RoleEditPage />,
    [`/api/v1/roles/${ID}`, `/api/v1/roles/${ID}/permissions`],
    '/roles',
  ),
];

/** SPEC.md §2, §8: these go back to the list on any failed load. */
const FAILURE_GOES_TO_LIST: DetailsPage[] = [
  page(
    'connected app',
    '/applications/:applicationId',
    <ConnectedAppPage />,
    [`/api/v1/applications/${ID}`],
    '/applications',
  ),
  page(
    'connected app edit',
    '/applications/:applicationId/edit',
    <ConnectedAppEditPage />,
    [`/api/v1/applications/${ID}`],
    '/applications',
  ),
  page(
    'identity provider',
    '/identity-providers/:identityProviderId',
    <IdentityProviderPage />,
    [`/api/v1/identity-providers/${ID}`],
    '/identity-providers',
  ),
  page(
    'identity provider edit',
    '/identity-providers/:identityProviderId/edit',
    <IdentityProviderEditPage />,
    [`/api/v1/identity-providers/${ID}`],
    '/identity-providers',
  ),
  page('IP range', '/ip-ranges/:ipRangeId', <IpRangePage />, [`/api/v1/ip-ranges/${ID}`], '/ip-ranges'),
  page('MFA device', '/mfa/:mfaId', <MfaDevicePage />, [`/api/v1/mfa/${ID}`], '/mfa'),
  page('MFA device edit', '/mfa/:mfaId/edit', <MfaDeviceEditPage />, [`/api/v1/mfa/${ID}`], '/mfa'),
];

const EVERY_PAGE = [...MISSING_GOES_TO_LIST, ...FAILURE_GOES_TO_LIST];

const failing = (status: number, code: string): FetchRoute => apiError(status, code, 'The load failed.');

function open(details: DetailsPage, answer: FetchRoute, id = ID) {
  const fetchMock = stubFetch(Object.fromEntries(details.loads.map((path) => [`GET ${path}`, answer])));
  const url = details.route.replace(/:[A-Za-z]+/, id);
  return { fetchMock, ...renderWithProviders(details.page, { path: details.route, url }) };
}

describe('a details or edit page whose item cannot be shown', () => {
  it.each(EVERY_PAGE.map((details) => [details.name, details] as const))(
    '%s: an id the server does not know goes to the list',
    async (_, details) => {
      const { router } = open(details, failing(404, 'NOT_FOUND'));
      await waitFor(() => expect(router.state.location.pathname).toBe(details.list));
      // Replaced, not pushed: Back does not return to the missing item.
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it.each(EVERY_PAGE.map((details) => [details.name, details] as const))(
    '%s: an address whose id is no id at all goes to the list without asking the server',
    async (_, details) => {
      const { router, fetchMock } = open(details, failing(404, 'NOT_FOUND'), 'not-an-id');
      await waitFor(() => expect(router.state.location.pathname).toBe(details.list));
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it.each(MISSING_GOES_TO_LIST.map((details) => [details.name, details] as const))(
    '%s: a server failure stays on the page, which offers the way on',
    async (_, details) => {
      const { router } = open(details, failing(500, 'INTERNAL_ERROR'));
      expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(details.route.replace(/:[A-Za-z]+/, ID));
    },
  );

  it.each(FAILURE_GOES_TO_LIST.map((details) => [details.name, details] as const))(
    '%s: a server failure goes to the list too',
    async (_, details) => {
      const { router } = open(details, failing(500, 'INTERNAL_ERROR'));
      await waitFor(() => expect(router.state.location.pathname).toBe(details.list));
    },
  );

  it.each(EVERY_PAGE.map((details) => [details.name, details] as const))(
    '%s: an ended session is left to the shared handler',
    async (_, details) => {
      const { router, queryClient } = open(details, failing(401, 'INVALID_SESSION_EXCEPTION'));
      await waitFor(() =>
        expect(
          queryClient
            .getQueryCache()
            .getAll()
            .some((query) => query.state.status === 'error'),
        ).toBe(true),
      );
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(details.route.replace(/:[A-Za-z]+/, ID));
    },
  );
});
