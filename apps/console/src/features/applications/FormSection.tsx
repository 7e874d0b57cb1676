import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A titled card of the edit screen; full width on a phone, the cards stack one under the other. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      <Stack sx={{ gap: 2 }}>{children}</Stack>
    </Paper>
  );
}
