import { createContext, useContext } from 'react';
import type { ErrorHandler } from './errorHandler';

export const ErrorHandlerContext = createContext<ErrorHandler | null>(null);

/** The shared error handler, for failures outside TanStack Query (which reports to it by itself). */
export function useErrorHandler(): ErrorHandler {
  const handler = useContext(ErrorHandlerContext);
  if (!handler) throw new Error('useErrorHandler must be used inside ErrorHandlerContext');
  return handler;
}
