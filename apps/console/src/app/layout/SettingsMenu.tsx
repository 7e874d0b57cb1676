import SettingsIcon from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense } from 'react';
import { LazyTooltip } from '../../components/LazyTooltip';
import { usePopupMenu } from './usePopupMenu';

export interface SettingsMenuProps {
  /** Opens the Change tenant name dialog; the item stays disabled until a dialog is plugged in. */
  onChangeTenantName?: () => void;
  /** Opens the Change password dialog; the item stays disabled until a dialog is plugged in. */
  onChangePassword?: () => void;
}

const loadPopup = () => import('./SettingsMenuPopup');
const SettingsMenuPopup = lazy(() => loadPopup().then((module) => ({ default: module.SettingsMenuPopup })));

/** The top bar's settings: the tenant id to copy, account actions and Logout. */
export function SettingsMenu(props: SettingsMenuProps) {
  const menu = usePopupMenu(loadPopup);
  return (
    <>
      <LazyTooltip title="Settings">
        <IconButton color="inherit" aria-label="Settings" {...menu.buttonProps}>
          <SettingsIcon />
        </IconButton>
      </LazyTooltip>
      {menu.mounted && (
        <Suspense fallback={null}>
          <SettingsMenuPopup id={menu.id} anchor={menu.anchor} onClose={menu.close} {...props} />
        </Suspense>
      )}
    </>
  );
}
