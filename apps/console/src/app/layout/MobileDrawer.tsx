import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

/** The sidebar on phones: a drawer over the page. Loaded only on narrow screens. */
export function MobileDrawer({
  open,
  onClose,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { sx: { width, display: 'flex', flexDirection: 'column' } } }}
    >
      {children}
    </Drawer>
  );
}
