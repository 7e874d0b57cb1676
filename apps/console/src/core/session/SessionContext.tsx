import type { SessionUser } from '@skyvault/contract';
import { createContext, useContext } from 'react';

export const SessionContext = createContext<SessionUser | null>(null);

/** The signed-in user; only screens inside the signed-in layout may ask. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSessionUser must be used inside the signed-in layout');
  return user;
}
