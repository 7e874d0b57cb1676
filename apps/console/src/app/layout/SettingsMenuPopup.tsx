import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import DevicesIcon from '@mui/icons-material/Devices';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PasswordIcon from '@mui/icons-material/Password';
import SystemModeIcon from '@mui/icons-material/SettingsBrightnessOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { supportAccessEndpoints } from '@skyvault/contract';
import { Link } from 'react-router';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';
import { COLOR_MODE_CHOICES, type ColorModeChoice, useColorMode } from '../../core/colorMode';
import { toMySessions, toSupportAccess } from '../../core/paths/links';
import { canCall } from '../../core/session/permissions';
import { useSessionUser } from '../../core/session/SessionContext';
import { useLogout } from '../../core/session/useLogout';

export interface SettingsMenuProps {
  /** Opens the Change tenant name dialog; the item stays disabled until a dialog is plugged in. */
  onChangeTenantName?: () => void;
  /** Opens the Change password dialog; the item stays disabled until a dialog is plugged in. */
  onChangePassword?: () => void;
}

const COLOR_MODES: Record<ColorModeChoice, { label: string; Icon: typeof LightModeIcon }> = {
  system: { label: 'System', Icon: SystemModeIcon },
  light: { label: 'Light', Icon: LightModeIcon },
  dark: { label: 'Dark', Icon: DarkModeIcon },
};

interface SettingsMenuPopupProps extends SettingsMenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The settings menu itself; loaded the first time the menu is opened. */
export function SettingsMenuPopup({
  id,
  anchor,
  onClose,
  onChangeTenantName,
  onChangePassword,
}: SettingsMenuPopupProps) {
  const user = useSessionUser();
  const copy = useCopyToClipboard();
  const logout = useLogout();
  const colorMode = useColorMode();

  /** Closes the menu first, so a dialog opened by the action gets the focus. */
  const run = (action: () => unknown) => () => {
    onClose();
    action();
  };

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 'calc(100vw - 32px)' } } }}
    >
      {/* The top bar hides the e-mail on phones; the menu shows it there instead, as plain text (a menu
          holds only items and separators). */}
      <ListSubheader role="none" sx={{ display: { xs: 'block', sm: 'none' }, lineHeight: 2.5 }}>
        {user.email}
      </ListSubheader>
      {/* The tenant by its name, with its id to copy (SPEC.md §2): the name is what people recognise. */}
      <MenuItem onClick={run(() => copy(user.tenant.id))}>
        <ListItemText
          primary={user.tenant.name}
          secondary={user.tenant.id}
          slotProps={{
            primary: { noWrap: true, sx: { fontWeight: 600 } },
            secondary: { sx: { fontFamily: 'monospace', fontSize: '0.75rem' } },
          }}
        />
        <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
          {/* Named by what it shows, then by what it does: the icon's title ends its name. */}
          <ContentCopyIcon fontSize="small" titleAccess="Copy tenant id" />
        </ListItemIcon>
      </MenuItem>
      <Divider />
      {/* Renaming the tenant is for administrators: the layout gives the handler to them only. */}
      {onChangeTenantName && (
        <MenuItem onClick={run(onChangeTenantName)}>
          <ListItemIcon>
            <DriveFileRenameOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Change tenant name</ListItemText>
        </MenuItem>
      )}
      <MenuItem disabled={!onChangePassword} onClick={onChangePassword && run(onChangePassword)}>
        <ListItemIcon>
          <PasswordIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Change password</ListItemText>
      </MenuItem>
      <MenuItem component={Link} to={toMySessions()} onClick={onClose}>
        <ListItemIcon>
          <DevicesIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>My sessions</ListItemText>
      </MenuItem>
      {canCall(user, supportAccessEndpoints.list) && (
        <MenuItem component={Link} to={toSupportAccess()} onClick={onClose}>
          <ListItemIcon>
            <SupportAgentIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Support access</ListItemText>
        </MenuItem>
      )}
      <Divider />
      {/* The theme: choosing keeps the menu open, so the check mark shows what now applies. */}
      {COLOR_MODE_CHOICES.map((choice) => {
        const { label, Icon } = COLOR_MODES[choice];
        const checked = colorMode.choice === choice;
        return (
          <MenuItem
            key={choice}
            role="menuitemradio"
            aria-checked={checked}
            aria-label={`Theme: ${label}`}
            onClick={() => colorMode.choose(choice)}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
            {checked && <CheckIcon fontSize="small" sx={{ ml: 2 }} />}
          </MenuItem>
        );
      })}
      <Divider />
      <MenuItem onClick={run(logout)}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Logout</ListItemText>
      </MenuItem>
    </Menu>
  );
}
