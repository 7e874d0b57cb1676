import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { LazyTooltip } from './LazyTooltip';
import { useCopyToClipboard } from './useCopyToClipboard';

const VISIBLE_CHARS = 4;

/** Shows the start and the end only, enough to tell two values apart on screen. */
export function maskSecret(value: string): string {
  if (value.length <= VISIBLE_CHARS * 2) return '•'.repeat(8);
  return `${value.slice(0, VISIBLE_CHARS)}••••••••${value.slice(-VISIBLE_CHARS)}`;
}

/**
 * A client id or secret: partly masked; a click on it or on its copy button copies the whole value.
 * The masked text stays outside the button, whose name says what it copies: a control's name must
 * hold the text it shows (WCAG 2.5.3), and the bullets are no name.
 */
export function CopyableSecret({ value, label }: { value: string; label: string }) {
  const copy = useCopyToClipboard();
  const copyValue = () => void copy(value);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      {/* The text is a larger mouse target for the same action; keyboards and readers use the button. */}
      <Box
        component="span"
        onClick={copyValue}
        sx={{ fontFamily: 'monospace', fontSize: '0.875rem', cursor: 'pointer' }}
      >
        {maskSecret(value)}
      </Box>
      <LazyTooltip title="Click to copy">
        <IconButton size="small" onClick={copyValue} aria-label={`Copy ${label}`}>
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </LazyTooltip>
    </Box>
  );
}
