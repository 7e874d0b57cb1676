import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { LazyTooltip } from '../../components/LazyTooltip';
import type { NavItem } from './navigation';

interface SidebarLinkProps {
  item: NavItem;
  /** In the rail only the icon shows; the label becomes a tooltip and stays the accessible name. */
  rail: boolean;
  active: boolean;
  onNavigate?: () => void;
}

export function SidebarLink({ item, rail, active, onNavigate }: SidebarLinkProps) {
  const Icon = item.icon;
  const link = (
    <ListItemButton
      component={Link}
      to={item.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={rail ? item.label : undefined}
      onClick={onNavigate}
      sx={{ minHeight: 44, px: 2.5, justifyContent: rail ? 'center' : 'flex-start' }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: rail ? 0 : 2, color: active ? 'primary.main' : undefined }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!rail && (
        <Typography variant="body2" noWrap>
          {item.label}
        </Typography>
      )}
    </ListItemButton>
  );
  if (!rail) return link;
  return (
    <LazyTooltip title={item.label} placement="right">
      {link}
    </LazyTooltip>
  );
}
