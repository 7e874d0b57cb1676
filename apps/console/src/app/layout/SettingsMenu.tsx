import SettingsIcon from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense } from 'react';
import { LazyTooltip } from '../../components/LazyTooltip';
import type { SettingsMenuProps } from './SettingsMenuPopup';
import { usePopupMenu } from './usePopupMenu';

// Declared beside the popup that reads them, so that the popup does not import its opener back (a cycle);
// a type import is erased from the build, and the popup stays a chunk of its own.
export type { SettingsMenuProps };

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
