import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The card of a public screen: its title (the page's h1) and content. */
export function PublicCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ mb: children ? 2 : 0 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
