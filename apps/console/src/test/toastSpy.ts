import { vi } from 'vitest';

/**
 * `vi.mock('notistack', (importOriginal) => import('../../test/toastSpy').then((spy) => spy.spyOnToasts(importOriginal)))`:
 * the real toast function, wrapped so a test can read the variant and options it was given. notistack
 * binds that function when its provider mounts, so it is looked up on each call.
 */
export async function spyOnToasts(importOriginal: <T>() => Promise<T>) {
  const actual = await importOriginal<typeof import('notistack')>();
  return {
    ...actual,
    enqueueSnackbar: vi.fn((...args: Parameters<typeof actual.enqueueSnackbar>) =>
      actual.enqueueSnackbar(...args),
    ),
  };
}
