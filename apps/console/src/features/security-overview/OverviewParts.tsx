import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterLink } from '../../components/RouterLink';
import { TitledSection } from '../../components/TitledSection';

/** One card of the overview: its title, a link to the whole list, and its figures. */
export function OverviewCard({
  title,
  to,
  linkLabel,
  children,
}: {
  title: string;
  to?: string;
  linkLabel?: string;
  children: ReactNode;
}) {
  return (
    <TitledSection
      title={title}
      actions={
        to && linkLabel ? (
          <RouterLink to={to} variant="body2">
            {linkLabel}
          </RouterLink>
        ) : undefined
      }
    >
      {children}
    </TitledSection>
  );
}

/** A big number that opens the list it counts, with what it counts under it. */
export function Figure({
  value,
  label,
  to,
  tone,
}: {
  value: ReactNode;
  label: string;
  to: string;
  tone?: 'error' | 'warning';
}) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <RouterLink
        to={to}
        aria-label={`${value} ${label}`}
        sx={{ fontSize: '1.75rem', fontWeight: 600, color: tone ? `${tone}.main` : undefined }}
      >
        {value}
      </RouterLink>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

export const Figures = ({ children }: { children: ReactNode }) => (
  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, mb: 1 }}>
    {children}
  </Stack>
);

/** Named rows with a count or a state on the right, each name a link; `empty` when there are none. */
export function Rows<T>({
  rows,
  empty,
  keyOf,
  render,
}: {
  rows: readonly T[];
  empty: string;
  keyOf: (row: T) => string;
  render: (row: T) => { name: ReactNode; to: string; value: ReactNode };
}) {
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => {
        const { name, to, value } = render(row);
        return (
          <Box
            component="li"
            key={keyOf(row)}
            sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'center', py: 0.5 }}
          >
            <RouterLink to={to} variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {name}
            </RouterLink>
            <Typography variant="body2" component="span" sx={{ flexShrink: 0 }}>
              {value}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

export type Row = { key: string; name: string; to: string; value: string };

/** A card that lists named items, each linking to its page; how many more there are when cut. */
export function ListCard({
  title,
  rows,
  empty,
  total = rows.length,
  all,
}: {
  title: string;
  rows: Row[];
  empty: string;
  total?: number;
  all?: { to: string; label: string };
}) {
  return (
    <OverviewCard title={title} to={all?.to} linkLabel={all?.label}>
      <Rows rows={rows} empty={empty} keyOf={(row) => row.key} render={(row) => row} />
      {total > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          and {total - rows.length} more
        </Typography>
      )}
    </OverviewCard>
  );
}
