import type { OptionsObject, VariantType } from 'notistack';

let hostMounted: () => void = () => {};
const hostReady = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

/** Called by ToastHost once its provider exists; toasts asked for earlier wait for it. */
export const markToastHostMounted = (): void => hostMounted();

/**
 * Shows a toast. The toast library loads after the first screen (most visits never show one), so
 * this returns at once and the toast appears as soon as the library is there.
 */
export function notify(
  message: string,
  variant: VariantType = 'default',
  options: Omit<OptionsObject, 'variant'> = {},
): void {
  void hostReady
    .then(() => import('notistack'))
    .then(({ enqueueSnackbar }) => enqueueSnackbar(message, { ...options, variant }));
}
