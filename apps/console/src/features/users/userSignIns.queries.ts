import { auditEndpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';

export const useUserSignIns = (userId: string) =>
  useQuery({
    queryKey: ['users', userId, 'sign-ins'] as const,
    queryFn: ({ signal }) => callApi(auditEndpoints.signIns, { params: { id: userId }, signal }),
  });
