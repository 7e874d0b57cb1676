import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';

/** A read-only value the administrator pastes at the identity provider, with its copy button. */
export function CopyField({
  label,
  value,
  helperText,
}: {
  label: string;
  value: string;
  helperText?: string;
}) {
  const copy = useCopyToClipboard();
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      helperText={helperText}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <LazyTooltip title="Copy">
                <IconButton edge="end" aria-label={`Copy ${label}`} onClick={() => void copy(value)}>
                  <ContentCopyIcon />
                </IconButton>
              </LazyTooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
