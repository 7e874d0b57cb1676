import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The row of links under a step's button; it wraps on phones. */
export function StepLinks({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>{children}</Box>
  );
}
