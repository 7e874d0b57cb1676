import type { SignUpMode } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { brandQuery } from './system.queries';

/**
 * SIGNUP_MODE as the server tells it with the brand (GET /api/v1/brand, public); undefined while that
 * call is under way or failed. The pages offer signing up unless it says otherwise: the common case
 * (open) then draws no link late, and the API refuses a sign-up anyway when it is closed.
 */
export function useSignUpMode(): SignUpMode | undefined {
  return useQuery(brandQuery).data?.signUp;
}

/** Whether to offer signing up: unless the server said it is not open. */
export const offersSignUp = (mode: SignUpMode | undefined) => mode === undefined || mode === 'open';
