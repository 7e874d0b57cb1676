import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { SIDEBAR_RAIL_WIDTH, SIDEBAR_WIDTH } from '@skyvault/contract';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useSessionUser } from '../../core/session/SessionContext';
import { NAV_GROUPS, visibleNavGroups } from './navigation';
import { SidebarLink } from './SidebarLink';

const MobileDrawer = lazy(() =>
  import('./MobileDrawer').then((module) => ({ default: module.MobileDrawer })),
);

export interface SidebarProps {
  /** Desktop only: the 64 px rail of icons instead of the full sidebar. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Phones: a temporary drawer over the page, opened from the top bar. */
  mobile: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);
const widthTransition = (theme: Theme) => theme.transitions.create('width');

export function Sidebar({ collapsed, onToggleCollapsed, mobile, mobileOpen, onMobileClose }: SidebarProps) {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const rail = collapsed && !mobile;
  const width = rail ? SIDEBAR_RAIL_WIDTH : SIDEBAR_WIDTH;
  const groups = visibleNavGroups(NAV_GROUPS, user);

  const content = (
    <>
      {/* Keeps the links below the top bar, which spans the full width. */}
      <Toolbar />
      <Box
        component="nav"
        aria-label="Main navigation"
        sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}
      >
        {groups.map((group, index) => (
          <List
            key={group.label}
            dense
            aria-label={group.label}
            // In the rail a line separates the groups instead of their names.
            sx={rail && index > 0 ? { borderTop: 1, borderColor: 'divider' } : undefined}
            subheader={
              rail ? undefined : (
                <Typography
                  component="li"
                  variant="caption"
                  sx={{ display: 'block', px: 2.5, pt: 2, pb: 0.5, color: 'text.secondary', fontWeight: 600 }}
                >
                  {group.label}
                </Typography>
              )
            }
          >
            {group.items.map((item) => (
              <li key={item.to}>
                <SidebarLink
                  item={item}
                  rail={rail}
                  active={isActive(pathname, item.to)}
                  onNavigate={mobile ? onMobileClose : undefined}
                />
              </li>
            ))}
          </List>
        ))}
      </Box>
    </>
  );

  if (mobile) {
    return (
      <Suspense fallback={null}>
        <MobileDrawer open={mobileOpen} onClose={onMobileClose} width={SIDEBAR_WIDTH}>
          {content}
        </MobileDrawer>
      </Suspense>
    );
  }

  return (
    // The outer box holds the sidebar's place in the page; the inner one stays put while the page scrolls.
    <Box component="aside" sx={{ width, flexShrink: 0, transition: widthTransition }}>
      <Box
        sx={{
          position: 'fixed',
          insetBlock: 0,
          left: 0,
          width,
          transition: widthTransition,
          display: 'flex',
          flexDirection: 'column',
          overflowX: 'hidden',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          // Under the top bar, which spans the full width.
          zIndex: (theme: Theme) => theme.zIndex.appBar - 1,
        }}
      >
        {content}
        <Box
          sx={{
            display: 'flex',
            justifyContent: rail ? 'center' : 'flex-end',
            p: 1,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <LazyTooltip title={collapsed ? 'Expand' : 'Collapse'} placement="right">
            <IconButton
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
            >
              {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
            </IconButton>
          </LazyTooltip>
        </Box>
      </Box>
    </Box>
  );
}
