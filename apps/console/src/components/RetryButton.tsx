import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';

/**
 * The action of the shell's error states. Built on ButtonBase, which the shell loads anyway, so the
 * rarely seen error states add nothing to the first load.
 */
export function RetryButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <ButtonBase
      onClick={onClick}
      sx={{
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        fontSize: '0.875rem',
        '&:hover': { bgcolor: 'primary.dark' },
      }}
    >
      {children}
    </ButtonBase>
  );
}
