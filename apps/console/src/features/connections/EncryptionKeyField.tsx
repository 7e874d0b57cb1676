import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { generateEncryptionKey } from '@skyvault/contract';
import type { Ref } from 'react';
import { LazyTooltip } from '../../components/LazyTooltip';

/** Shown until there is an error: the key cannot be read back later, so the user keeps a copy. */
const KEY_HINT =
  'Up to 16 characters. Backups of this org are encrypted with it: keep a copy somewhere safe.';

export interface EncryptionKeyFieldProps {
  value: string;
  onChange: (key: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
}

/** The encryption key of a Backup connection, typed or generated at random (SPEC.md §9). */
export function EncryptionKeyField({ value, onChange, onBlur, inputRef, error }: EncryptionKeyFieldProps) {
  return (
    <TextField
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      label="Encryption Key"
      required
      fullWidth
      autoComplete="off"
      error={Boolean(error)}
      helperText={error ?? KEY_HINT}
      slotProps={{
        htmlInput: { spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <LazyTooltip title="Generate a random key">
                <IconButton
                  aria-label="Generate a random key"
                  edge="end"
                  onClick={() => onChange(generateEncryptionKey())}
                >
                  <CasinoOutlinedIcon />
                </IconButton>
              </LazyTooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
