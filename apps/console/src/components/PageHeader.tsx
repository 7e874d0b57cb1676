import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LazyTooltip } from './LazyTooltip';

export interface PageHeaderProps {
  /** The page's one h1, e.g. 'Connected Apps' or 'Connected App: {name}'. */
  title: ReactNode;
  /** Buttons and menus on the right (Create, Edit, Actions). */
  actions?: ReactNode;
  /** Path of the screen above this one; draws a back button before the title. */
  back?: string;
  backLabel?: string;
  /** Breadcrumbs or other navigation above the title. */
  navigation?: ReactNode;
}

/**
 * The layout's slots for navigation, title and actions. Every screen starts with one, so all screens
 * share the same header shape; on phones the actions wrap below the title.
 */
export function PageHeader({ title, actions, back, backLabel = 'Back', navigation }: PageHeaderProps) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {navigation && <Box sx={{ mb: 1 }}>{navigation}</Box>}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0, flexGrow: 1 }}>
          {back && (
            <LazyTooltip title={backLabel}>
              <IconButton component={Link} to={back} aria-label={backLabel} edge="start">
                <ArrowBackIcon />
              </IconButton>
            </LazyTooltip>
          )}
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        </Stack>
        {actions && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
