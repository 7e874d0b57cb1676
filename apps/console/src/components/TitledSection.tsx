import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/**
 * A titled card on a page (a section that screen readers name by its heading), its actions at the
 * heading's end; `busy` while its content loads.
 */
export function TitledSection({
  title,
  actions,
  busy,
  sx,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  busy?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={[{ p: { xs: 2, sm: 3 }, mt: 3 }, ...(Array.isArray(sx) ? sx : [sx])]}
      aria-labelledby={titleId}
      aria-busy={busy}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
