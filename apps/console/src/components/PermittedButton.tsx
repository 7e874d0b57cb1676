import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { EndpointDef } from '@skyvault/contract';
import { useId } from 'react';
import { missingPermissionOf, useCan } from '../core/session/permissions';
import { LazyTooltip } from './LazyTooltip';

/**
 * A button whose absence would puzzle (a card's one call to action): for whom its call is not open it
 * stays, disabled, and says which permission it needs, in a tooltip and as its description.
 */
export function PermittedButton({ endpoint, ...button }: ButtonProps & { endpoint: EndpointDef }) {
  const can = useCan();
  const reasonId = useId();
  if (can(endpoint)) return <Button {...button} />;
  const reason = missingPermissionOf(endpoint);
  return (
    <LazyTooltip title={reason}>
      {/* A disabled button takes no pointer events: the tooltip listens on its wrapper. */}
      <Box component="span" sx={{ display: button.fullWidth ? 'block' : 'inline-block' }}>
        <Button {...button} disabled aria-describedby={reasonId} />
        <Box component="span" id={reasonId} hidden>
          {reason}
        </Box>
      </Box>
    </LazyTooltip>
  );
}
