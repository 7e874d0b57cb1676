import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A titled card of the role screens (Licenses, Common permissions, the connection rows). */
export function SectionCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography
        id={titleId}
        variant="h2"
        sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2, display: 'flex', alignItems: 'center', gap: 2 }}
      >
        <span style={{ flexGrow: 1 }}>{title}</span>
        {actions}
      </Typography>
      {children}
    </Paper>
  );
}
