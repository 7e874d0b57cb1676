import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../core/brand/BrandLogo';
import { useSessionUser } from '../../core/session/SessionContext';
import { useLoggedInMark } from '../../core/session/useLoggedInMark';
import { useLogout } from '../../core/session/useLogout';
import { TOP_BAR_SX } from '../../core/theme';
import { ScreenBoundary } from './ScreenBoundary';

/**
 * The shell of the MFA enrolment page: the brand, who is signed in and Logout, nothing else. A user who
 * must first add a second factor may use no other screen (the API refuses their calls), so there is no
 * sidebar, service switcher or account menu to lead them there.
 */
export function EnrolmentShell() {
  const user = useSessionUser();
  useLoggedInMark();
  const logout = useLogout();
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={TOP_BAR_SX}>
        <Toolbar sx={{ gap: 1 }}>
          <BrandLogo />
          <Box sx={{ flexGrow: 1 }} />
          <Typography
            variant="body2"
            sx={{ display: { xs: 'none', sm: 'block' }, opacity: 0.9, maxWidth: 280 }}
            noWrap
            title={user.email}
          >
            {user.email}
          </Typography>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()}>
            Logout
          </Button>
        </Toolbar>
      </Box>
      <Box
        component="main"
        id="main"
        sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}
      >
        <ScreenBoundary resetKey={pathname}>
          <Outlet />
        </ScreenBoundary>
      </Box>
    </Box>
  );
}
