import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  connectionHealthEndpoints,
  domainEndpoints,
  expiringCredentialsEndpoints,
  storageHealthEndpoints,
  tenantEndpoints,
} from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { useAnalytics } from '../../core/analytics';
import { isApiError } from '../../core/errors/apiErrors';
import { toMfaEnrolment } from '../../core/paths/links';
import { routes } from '../../core/paths/routes';
import { mustEnrolMfa } from '../../core/session/mfaEnrolment';
import { canCall } from '../../core/session/permissions';
import { SessionContext, useSessionUser } from '../../core/session/SessionContext';
import { sessionQuery } from '../../core/session/session.queries';
import { useLoggedInMark } from '../../core/session/useLoggedInMark';
import { ApprovalReasonHost } from '../../features/approvals/ApprovalReasonHost';
import { UnhealthyConnectionsBanner } from '../../features/connections/UnhealthyConnectionsBanner';
import { MissingDomainsBanner } from '../../features/domains/MissingDomainsBanner';
import { ExpiringCredentialsBanner } from '../../features/identity-providers/ExpiringCredentialsBanner';
import { UnhealthyStoragesBanner } from '../../features/storages/UnhealthyStoragesBanner';
import { SupportSessionBanner } from '../../features/support-access/SupportSessionBanner';
import { EnrolmentShell } from './EnrolmentShell';
import { FullPageProgress } from './FullPageProgress';
import { NoAccessPage } from './NoAccessPage';
import { missingScreenPermission } from './navigation';
import { ScreenBoundary } from './ScreenBoundary';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebarCollapsed } from './useSidebarCollapsed';

// The settings menu's dialogs load when first opened: most visits never open them.
const ChangePasswordDialog = lazy(() =>
  import('../../features/account/ChangePasswordDialog').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);
const ChangeTenantNameDialog = lazy(() =>
  import('../../features/account/ChangeTenantNameDialog').then((module) => ({
    default: module.ChangeTenantNameDialog,
  })),
);

/**
 * The signed-in console: loads the session first (an ended one answers 401, and the error handler
 * sends the visitor to login with the way back), then draws the top bar, the sidebar and the screen;
 * a user who must first enrol a second factor gets the enrolment page in a shell of its own.
 */
export function AppLayout() {
  const session = useQuery(sessionQuery);
  const { pathname, search, hash } = useLocation();
  if (session.data) {
    const enrolling = pathname === routes['mfa.enrolment'];
    // A user the tenant's MFA policy requires a second factor of adds one first (or skips it while the
    // grace period lasts), then comes back here.
    if (!enrolling && mustEnrolMfa(session.data)) {
      return <Navigate to={toMfaEnrolment({ redirectTo: `${pathname}${search}${hash}` })} replace />;
    }
    return <SessionContext value={session.data}>{enrolling ? <EnrolmentShell /> : <Shell />}</SessionContext>;
  }
  if (session.isError && !isApiError(session.error, { status: 401 })) {
    return (
      <Box sx={{ maxWidth: 480, mx: 'auto', mt: 12, px: 2 }}>
        <LoadFailed
          what="console"
          description={session.error.message}
          onRetry={() => void session.refetch()}
        />
      </Box>
    );
  }
  return <FullPageProgress />;
}

function Shell() {
  const user = useSessionUser();
  useAnalytics(user);
  useLoggedInMark();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const [accountDialog, setAccountDialog] = useState<'password' | 'tenantName' | null>(null);
  const closeAccountDialog = () => setAccountDialog(null);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 'tooltip', p: 1, bgcolor: 'background.paper' },
        }}
      >
        Skip to content
      </Box>
      <TopBar
        onOpenNavigation={mobile ? () => setMobileOpen(true) : undefined}
        // A support session has no password of its own to change.
        onChangePassword={user.support ? undefined : () => setAccountDialog('password')}
        // Renaming the tenant is for administrators only.
        onChangeTenantName={
          canCall(user, tenantEndpoints.update) ? () => setAccountDialog('tenantName') : undefined
        }
      />
      <Suspense fallback={null}>
        {accountDialog === 'password' && <ChangePasswordDialog onClose={closeAccountDialog} />}
        {accountDialog === 'tenantName' && <ChangeTenantNameDialog onClose={closeAccountDialog} />}
      </Suspense>
      {user.isAdmin && <ApprovalReasonHost />}
      <Sidebar
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        mobile={mobile}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
          {user.support && <SupportSessionBanner support={user.support} />}
          {/* Each banner reads what only some administrator roles may: shown to whom its call is open. */}
          {canCall(user, connectionHealthEndpoints.unhealthy) && <UnhealthyConnectionsBanner />}
          {user.services.includes('backup') && canCall(user, storageHealthEndpoints.unhealthy) && (
            <UnhealthyStoragesBanner />
          )}
          {canCall(user, domainEndpoints.list) && <MissingDomainsBanner />}
          {canCall(user, expiringCredentialsEndpoints.list) && <ExpiringCredentialsBanner />}
          <ScreenBoundary resetKey={pathname}>
            <ScreenOrNoAccess pathname={pathname} />
          </ScreenBoundary>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The screen at this address, or, for an administrator whose roles do not give the screen's first read
 * (an address typed or bookmarked), a page that says so instead of the screen's failing reads.
 */
function ScreenOrNoAccess({ pathname }: { pathname: string }) {
  const missing = missingScreenPermission(useSessionUser(), pathname);
  return missing ? <NoAccessPage permission={missing} /> : <Outlet />;
}
