import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterDomLink } from 'react-router';

/** An MUI link that navigates inside the console (e.g. a name cell linking to the details screen). */
export function RouterLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  return <Link component={RouterDomLink} to={to} underline="hover" {...props} />;
}
