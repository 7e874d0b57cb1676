import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../core/brand/BrandLogo';
import { ScreenBoundary } from './ScreenBoundary';

/** Login, sign-up and the other public screens: the brand above one centred card, no shell. */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 3,
        px: 2,
        py: { xs: 4, sm: 8 },
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ color: 'secondary.main' }}>
        <BrandLogo size={40} />
      </Box>
      <ScreenBoundary resetKey={pathname}>
        <Outlet />
      </ScreenBoundary>
    </Box>
  );
}
