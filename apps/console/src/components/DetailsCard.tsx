import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailsField<T> {
  label: string;
  value: (loaded: T) => ReactNode;
}

/**
 * Labels and their values as a description list, so screen readers announce each value with its label:
 * one column on a phone, two from the small breakpoint on.
 */
export function DescriptionList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
        m: 0,
        '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
      }}
    >
      {children}
    </Box>
  );
}

/** One label and its value in a DescriptionList. */
export function DescriptionItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </Box>
  );
}

/**
 * The card of a details screen: a titled list of label and value pairs (a description list, so screen
 * readers announce each value with its label), with skeletons until the item has loaded. One column on
 * a phone, two from the small breakpoint on.
 */
export function DetailsCard<T>({
  title,
  item,
  fields,
}: {
  title?: string;
  item: T | undefined;
  fields: readonly DetailsField<T>[];
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }} aria-busy={!item}>
      {title && (
        <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
      )}
      <DescriptionList>
        {fields.map((field) => (
          <Box key={field.label} sx={{ display: 'contents' }}>
            <dt>{field.label}</dt>
            <dd>{item ? field.value(item) : <Skeleton variant="text" width={160} />}</dd>
          </Box>
        ))}
      </DescriptionList>
    </Paper>
  );
}
