import { type RouteObject, useRoutes } from 'react-router';
import { startEarlyReads } from '../core/api/earlyReads';
import { lazyScreen, preloadMatches } from '../core/lazyScreen';
import { routes } from '../core/paths/routes';
import { HomeRedirect, RequireAdmin, RequireService } from '../core/session/guards';
import { apiTokensRoutes } from '../features/api-tokens/api-tokens.routes';
import { applicationsRoutes } from '../features/applications/applications.routes';
import { approvalsRoutes } from '../features/approvals/approvals.routes';
import { auditRoutes } from '../features/audit/audit.routes';
import { authPolicyRoutes } from '../features/auth-policy/auth-policy.routes';
import { connectionsRoutes } from '../features/connections/connections.routes';
import { domainsRoutes } from '../features/domains/domains.routes';
import { groupsRoutes } from '../features/groups/groups.routes';
import { identityProvidersRoutes } from '../features/identity-providers/identity-providers.routes';
import { ipRangesRoutes } from '../features/ip-ranges/ip-ranges.routes';
import { licensesRoutes } from '../features/licenses/licenses.routes';
import { logStreamsRoutes } from '../features/log-streams/log-streams.routes';
import { mfaRoutes } from '../features/mfa/mfa.routes';
import { provisioningRoutes } from '../features/provisioning/provisioning.routes';
import { rolesRoutes } from '../features/roles/roles.routes';
import { securityOverviewRoutes } from '../features/security-overview/security-overview.routes';
import { sessionsRoutes } from '../features/sessions/sessions.routes';
import { withSetupGuide } from '../features/setup-guide/setup-guide.routes';
import { storagesRoutes } from '../features/storages/storages.routes';
import { supportAccessRoutes } from '../features/support-access/support-access.routes';
import { usersRoutes } from '../features/users/users.routes';
import { webhooksRoutes } from '../features/webhooks/webhooks.routes';

/**
 * The signed-in part of the route tree: the shell and its screens, and who may open them. It loads with
 * the first signed-in screen (router.tsx), shell included, not with the login page.
 */
export const signedInRoutes: RouteObject[] = [
  {
    path: routes.home,
    // The shell loads beside the screen (preloadScreen), not before it: this module is the route table.
    Component: lazyScreen(() => import('./layout/AppLayout').then((module) => module.AppLayout)),
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        element: <RequireAdmin />,
        children: [
          // The landing screens (the licences; the security overview of Owners and Security
          // administrators), with the setup guide of a new organization above them.
          withSetupGuide([...licensesRoutes, ...securityOverviewRoutes]),
          ...usersRoutes,
          ...rolesRoutes,
          ...groupsRoutes,
          ...connectionsRoutes,
          { element: <RequireService service="backup" />, children: storagesRoutes },
          ...applicationsRoutes,
          ...identityProvidersRoutes,
          ...domainsRoutes,
          ...ipRangesRoutes,
          ...authPolicyRoutes,
          ...apiTokensRoutes,
          ...provisioningRoutes,
          ...webhooksRoutes,
          ...logStreamsRoutes,
          ...approvalsRoutes,
          ...auditRoutes,
          ...supportAccessRoutes,
        ],
      },
      // The one screen of non-administrators (SPEC.md §6), and everyone's own sessions.
      ...mfaRoutes,
      ...sessionsRoutes,
      {
        path: '*',
        Component: lazyScreen(() => import('./NotFoundPage').then((module) => module.NotFoundPage)),
      },
    ],
  },
];

export function SignedInRoutes() {
  return useRoutes(signedInRoutes);
}

/** Loads the code of the signed-in screen at this path (router.tsx preloadScreen). */
export const preloadScreen = (pathname: string) => preloadMatches(signedInRoutes, pathname);

/** Asks for what the screens at this address read first (router.tsx preloadScreen, once signed in). */
export const readEarly = (pathname: string, search: string) =>
  startEarlyReads(signedInRoutes, pathname, search);
