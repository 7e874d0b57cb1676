import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { approvalEndpoints } from '@skyvault/contract';
import { Link } from 'react-router';
import { BrandLogo } from '../../core/brand/BrandLogo';
import { useBrand } from '../../core/brand/useBrand';
import { routes } from '../../core/paths/routes';
import { canCall } from '../../core/session/permissions';
import { useSessionUser } from '../../core/session/SessionContext';
import { TOP_BAR_SX } from '../../core/theme';
import { ApprovalsBadge } from '../../features/approvals/ApprovalsBadge';
import { ServiceSwitcher } from './ServiceSwitcher';
import { SettingsMenu, type SettingsMenuProps } from './SettingsMenu';

export interface TopBarProps extends SettingsMenuProps {
  /** Phones only: opens the navigation drawer. */
  onOpenNavigation?: () => void;
}

export function TopBar({ onOpenNavigation, ...settings }: TopBarProps) {
  const user = useSessionUser();
  const brand = useBrand();
  return (
    // A plain fixed header rather than MUI's AppBar: same look, less code on the first load.
    <Box
      component="header"
      sx={{
        position: 'fixed',
        insetInline: 0,
        top: 0,
        zIndex: 'appBar',
        ...TOP_BAR_SX,
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {onOpenNavigation && (
          <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={onOpenNavigation}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={Link}
          to={routes.home}
          // The name holds the brand name it shows, so that speech input finds it by what is visible.
          aria-label={brand ? `${brand.name} home` : 'Home'}
          sx={{ color: 'inherit', textDecoration: 'none' }}
        >
          <BrandLogo />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {canCall(user, approvalEndpoints.count) && <ApprovalsBadge />}
        <ServiceSwitcher />
        {/* Who is signed in, to which tenant; on phones the settings menu shows both instead. */}
        <Box sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 280, minWidth: 0, textAlign: 'right' }}>
          <Typography variant="body2" noWrap title={user.email} sx={{ opacity: 0.9 }}>
            {user.email}
          </Typography>
          <Typography variant="caption" component="p" noWrap title={user.tenant.name} sx={{ opacity: 0.9 }}>
            {user.tenant.name}
          </Typography>
        </Box>
        <SettingsMenu {...settings} />
      </Toolbar>
    </Box>
  );
}
