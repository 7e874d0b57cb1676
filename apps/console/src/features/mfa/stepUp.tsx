import Box from '@mui/material/Box';
import { useRef } from 'react';
import { apiErrorOf } from '../../core/errors/apiErrors';
import { useRecoveryCodesStatus } from './recovery/recovery.queries';

/**
 * Whether the signed-in user has a factor (an enabled authenticator or a passkey): adding another then
 * asks for the step-up first, as the API does. Undefined until known, then kept for the component's
 * life, so that a flow once started does not change its steps when the lists are asked again. Unknown
 * after a failed call reads as none: the API asks for the step-up itself where one is due. `enabled`
 * false asks nothing (a screen that needs it only sometimes).
 */
export function useHasFactor(enabled = true): boolean | undefined {
  const status = useRecoveryCodesStatus(enabled);
  const known = useRef<boolean | undefined>(undefined);
  if (known.current === undefined) {
    if (status.data) known.current = status.data.enrolled;
    else if (status.isError) known.current = false;
  }
  return known.current;
}

/** The API's refusal of a step-up's proof, on its own fields (a code or the password), or undefined. */
export function stepUpRefusal(error: unknown): string | undefined {
  const fields = apiErrorOf(error)?.fields;
  return fields?.code ?? fields?.password;
}

/** What the step-up before adding a factor says. */
export const ADD_FACTOR_STEP_UP =
  'Your account has a second factor already. Confirm it is you before you add another one.';

/** The refusal of a proof given before, shown where the step-up asks for a new one. */
export function StepUpRefused({ message }: { message: string }) {
  return (
    <Box component="span" role="alert" sx={{ color: 'error.main' }}>
      {message}
    </Box>
  );
}
