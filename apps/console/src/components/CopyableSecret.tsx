import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ButtonBase from '@mui/material/ButtonBase';
import { LazyTooltip } from './LazyTooltip';
import { useCopyToClipboard } from './useCopyToClipboard';

const VISIBLE_CHARS = 4;

/** Shows the start and the end only, enough to tell two values apart on screen. */
export function maskSecret(value: string): string {
  if (value.length <= VISIBLE_CHARS * 2) return '•'.repeat(8);
  return `${value.slice(0, VISIBLE_CHARS)}••••••••${value.slice(-VISIBLE_CHARS)}`;
}

/** A client id or secret: partly masked; a click copies the whole value. */
export function CopyableSecret({ value, label }: { value: string; label: string }) {
  const copy = useCopyToClipboard();
  return (
    <LazyTooltip title="Click to copy">
      <ButtonBase
        onClick={() => void copy(value)}
        aria-label={`Copy ${label}`}
        sx={{ gap: 0.75, px: 0.5, borderRadius: 1, fontFamily: 'monospace', fontSize: '0.875rem' }}
      >
        <span>{maskSecret(value)}</span>
        <ContentCopyIcon fontSize="inherit" color="action" />
      </ButtonBase>
    </LazyTooltip>
  );
}
