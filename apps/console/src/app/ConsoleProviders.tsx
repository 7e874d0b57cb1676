import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { adoptEarlyReads } from '../core/api/earlyReads';
import { BrandHead } from '../core/brand/useBrand';
import { ConsoleTheme } from '../core/colorMode';
import { ErrorHandlerContext } from '../core/errors/ErrorHandlerContext';
import { createErrorHandler } from '../core/errors/errorHandler';
import { createQueryClient } from '../core/queryClient';
import { notify } from '../core/toasts/notify';

const ToastHost = lazy(() =>
  import('../core/toasts/ToastHost').then((module) => ({ default: module.ToastHost })),
);

/**
 * Everything the screens rely on: theme (in the chosen colour mode), toasts, the query client and the one error handler. It sits
 * inside the router because the error handler navigates (to login, to MFA Devices, ...).
 */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // The handler is made once; it reads the router's current navigate and location through this ref.
  const router = useRef({ navigate, location });
  useLayoutEffect(() => {
    router.current = { navigate, location };
  });

  const [{ handleError, queryClient }] = useState(() => {
    const handleError = createErrorHandler({
      navigate: (to) => void router.current.navigate(to, { replace: true }),
      location: () => router.current.location,
      notifyError: (message, options) =>
        notify(message, 'error', {
          preventDuplicate: true,
          autoHideDuration: options?.lasting ? 15_000 : undefined,
        }),
      notifyInfo: (message) => notify(message, 'info', { preventDuplicate: true }),
    });
    const queryClient = createQueryClient(handleError);
    // What a cold open read before the first render (router.tsx preloadScreen).
    adoptEarlyReads(queryClient);
    return { handleError, queryClient };
  });

  return (
    <ConsoleTheme>
      <QueryClientProvider client={queryClient}>
        <ErrorHandlerContext value={handleError}>
          <BrandHead />
          {children}
        </ErrorHandlerContext>
      </QueryClientProvider>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </ConsoleTheme>
  );
}
