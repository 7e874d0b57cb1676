import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type AppLinks, SERVICE_LABELS, type ServiceKey } from '@skyvault/contract';
import { openService } from './openService';

interface ServiceSwitcherPopupProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  services: ServiceKey[];
  links: AppLinks;
}

/** The menu of services; loaded the first time the switcher is opened. */
export function ServiceSwitcherPopup({ id, anchor, onClose, services, links }: ServiceSwitcherPopupProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {services.map((key) => (
        <MenuItem
          key={key}
          onClick={() => {
            onClose();
            openService(key, links);
          }}
        >
          <ListItemText>{SERVICE_LABELS[key]}</ListItemText>
          <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
        </MenuItem>
      ))}
    </Menu>
  );
}
