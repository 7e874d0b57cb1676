import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

/** A link-styled button that moves between login steps or opens a dialog; it never leaves the page. */
export function StepLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Link component="button" type="button" variant="body2" underline="hover" onClick={onClick}>
      {children}
    </Link>
  );
}
