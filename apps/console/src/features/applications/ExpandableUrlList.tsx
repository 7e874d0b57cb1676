import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AUTHORIZED_URLS_SHOWN, andMore } from '@skyvault/contract';
import { useState } from 'react';

/**
 * Authorized URLs on the details card: the first two, then 'and N more' that shows the rest (SPEC.md §2,
 * §9). The URLs are text, not links: they are where the app receives users, not pages to visit from here.
 */
export function ExpandableUrlList({ urls, label }: { urls: readonly string[]; label: string }) {
  const [expanded, setExpanded] = useState(false);
  if (urls.length === 0) {
    return (
      <Typography component="span" color="text.secondary">
        None
      </Typography>
    );
  }
  const hidden = urls.length - AUTHORIZED_URLS_SHOWN;
  const shown = expanded || hidden <= 0 ? urls : urls.slice(0, AUTHORIZED_URLS_SHOWN);
  return (
    <Box>
      <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {shown.map((url, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same URL may be listed twice; order is identity
          <li key={index}>{url}</li>
        ))}
      </Box>
      {hidden > 0 && (
        <Link
          component="button"
          type="button"
          variant="body2"
          aria-expanded={expanded}
          onClick={() => setExpanded((current) => !current)}
          sx={{ verticalAlign: 'baseline' }}
        >
          {expanded ? 'Show less' : andMore(hidden)}
        </Link>
      )}
    </Box>
  );
}
