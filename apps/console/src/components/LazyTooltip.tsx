import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';

// The tooltip brings a positioning engine; no screen should wait for it before it can be shown.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip, loaded just after the first screen. Until it arrives the child shows without a
 * tooltip, so give the child its own accessible name (aria-label) rather than relying on the tooltip.
 */
export function LazyTooltip({ children, ...props }: TooltipProps) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
