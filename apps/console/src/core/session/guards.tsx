import type { ServiceKey } from '@skyvault/contract';
import { Navigate, Outlet } from 'react-router';
import { FIRST_USER_ROUTE, routes } from '../paths/routes';
import { firstPageOf } from './firstPage';
import { useSessionUser } from './SessionContext';

/** Admin-only screens send other users to the screens they may use (SPEC.md §6). */
export function RequireAdmin() {
  const user = useSessionUser();
  return user.isAdmin ? <Outlet /> : <Navigate to={FIRST_USER_ROUTE} replace />;
}

/** Screens of a service the tenant lacks send the user home (e.g. Storages without Backup). */
export function RequireService({ service }: { service: ServiceKey }) {
  const user = useSessionUser();
  return user.services.includes(service) ? <Outlet /> : <Navigate to={routes.home} replace />;
}

/** The first page: the security overview of Owners and Security administrators, else the licences. */
export function HomeRedirect() {
  const user = useSessionUser();
  return <Navigate to={firstPageOf(user)} replace />;
}
