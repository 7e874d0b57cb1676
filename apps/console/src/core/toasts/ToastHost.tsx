import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { markToastHostMounted } from './notify';

/** Where toasts appear; loaded on its own so the toast library is not part of the first load. */
export function ToastHost() {
  useEffect(markToastHostMounted, []);
  return <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />;
}
