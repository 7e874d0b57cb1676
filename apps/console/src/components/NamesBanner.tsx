import Alert from '@mui/material/Alert';
import { Fragment } from 'react';
import { RouterLink } from './RouterLink';

export interface NamedLink {
  id: string;
  name: string;
  /** The item's page. */
  to: string;
  /** Said on hover (the time left, say). */
  title?: string;
}

/**
 * A warning banner of the shell: the contract's sentence about some items, with each item's name in it a
 * link to its page. The sentence is split around the names it was made with (`names.join(', ')`), so its
 * words stay the contract's. Nothing without items.
 */
export function NamesBanner({ label, text, items }: { label: string; text: string; items: NamedLink[] }) {
  if (items.length === 0) return null;
  const joined = items.map((item) => item.name).join(', ');
  const at = text.lastIndexOf(joined);
  return (
    <Alert severity="warning" role="status" aria-label={label} sx={{ mb: 2 }}>
      {text.slice(0, at)}
      {items.map((item, index) => (
        <Fragment key={item.id}>
          {index > 0 && ', '}
          <RouterLink to={item.to} color="inherit" underline="always" title={item.title}>
            {item.name}
          </RouterLink>
        </Fragment>
      ))}
      {text.slice(at + joined.length)}
    </Alert>
  );
}
