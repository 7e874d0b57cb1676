import {
  type PasswordChange,
  passwordEndpoints,
  type SessionUser,
  type TenantUpdate,
  tenantEndpoints,
} from '@skyvault/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';
import { sessionQuery } from '../../core/session/session.queries';

/** The settings menu's Change password: the current password, then the new one. */
export const useChangeOwnPassword = () =>
  useMutation({
    mutationFn: (body: PasswordChange) => callApi(passwordEndpoints.changeOwnPassword, { body }),
    meta: FORM_META,
  });

/** Change tenant name: the session holds the tenant, so the shell shows the new name at once. */
export function useRenameTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantUpdate) => callApi(tenantEndpoints.update, { body }),
    onSuccess: (tenant) => {
      queryClient.setQueryData(sessionQuery.queryKey, (session: SessionUser | undefined) =>
        session ? { ...session, tenant } : session,
      );
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
    meta: FORM_META,
  });
}
