import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { lazy, Suspense } from 'react';
import type { MfaQrDialogProps } from './MfaQrDialog';

/** The QR code library is needed only while a device is being connected; it loads on the way there. */
export const preloadMfaQrDialog = () => import('./MfaQrDialog');
const MfaQrDialog = lazy(() => preloadMfaQrDialog().then((module) => ({ default: module.MfaQrDialog })));

function QrDialogLoading() {
  return (
    <Dialog open maxWidth="xs" fullWidth aria-label="Loading">
      <DialogContent sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress size={32} aria-label="Loading" />
      </DialogContent>
    </Dialog>
  );
}

export function LazyMfaQrDialog(props: MfaQrDialogProps) {
  return (
    <Suspense fallback={<QrDialogLoading />}>
      <MfaQrDialog {...props} />
    </Suspense>
  );
}
