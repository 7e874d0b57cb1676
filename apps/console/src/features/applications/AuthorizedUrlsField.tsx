import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_AUTHORIZED_URLS, NEW_AUTHORIZED_URL } from '@skyvault/contract';
import { useEffect, useRef, useState } from 'react';

export interface AuthorizedUrlsFieldProps {
  /** 'Callback URLs'; each entry is named after `itemLabel` and its position ('Callback URL 2'). */
  legend: string;
  itemLabel: string;
  value: readonly string[];
  onChange: (urls: string[]) => void;
  onBlur?: () => void;
  /** The message about the list as a whole (the contract's 'at least one callback URL'). */
  error?: string;
  /** The message of each entry, by position. */
  itemErrors?: readonly (string | undefined)[];
  /** Shown while the list is empty. */
  emptyText: string;
  required?: boolean;
}

/**
 * An editable list of authorized URLs (SPEC.md §2): each entry is edited in place and has its own delete
 * button; Add appends an entry that starts with 'https://' and puts the cursor after it.
 */
export function AuthorizedUrlsField({
  legend,
  itemLabel,
  value,
  onChange,
  onBlur,
  error,
  itemErrors = [],
  emptyText,
  required = false,
}: AuthorizedUrlsFieldProps) {
  // Entries keep their identity (and their focus) when one above them is deleted.
  const lastKey = useRef(0);
  const keys = useRef<number[]>([]);
  if (keys.current.length !== value.length) keys.current = value.map(() => ++lastKey.current);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusKey === null) return;
    const input = inputs.current.get(focusKey);
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
    setFocusKey(null);
  }, [focusKey]);

  const add = () => {
    const key = ++lastKey.current;
    keys.current = [...keys.current, key];
    onChange([...value, NEW_AUTHORIZED_URL]);
    setFocusKey(key);
  };
  const remove = (index: number) => {
    keys.current = keys.current.filter((_, position) => position !== index);
    onChange(value.filter((_, position) => position !== index));
    // Counts as visited: deleting the last callback URL says at once that one is required.
    onBlur?.();
    // Keyboard users stay in the list: on the entry that took its place, the one above, or Add.
    const next = keys.current[index] ?? keys.current[index - 1];
    if (next === undefined) addButton.current?.focus();
    else setFocusKey(next);
  };
  const edit = (index: number, url: string) =>
    onChange(value.map((current, position) => (position === index ? url : current)));

  const lowerLabel = itemLabel.charAt(0).toLowerCase() + itemLabel.slice(1);

  return (
    <FormControl component="fieldset" error={Boolean(error)} required={required} fullWidth>
      <FormLabel component="legend" sx={{ mb: 1.5 }}>
        {legend}
      </FormLabel>
      <Stack sx={{ gap: 1.5 }}>
        {value.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {emptyText}
          </Typography>
        )}
        {value.map((url, index) => {
          const key = keys.current[index] ?? index;
          const itemError = itemErrors[index];
          return (
            <Stack key={key} direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label={`${itemLabel} ${index + 1}`}
                value={url}
                onChange={(event) => edit(index, event.target.value)}
                onBlur={onBlur}
                error={Boolean(itemError)}
                helperText={itemError}
                size="small"
                fullWidth
                autoComplete="off"
                inputRef={(input: HTMLInputElement | null) => {
                  if (input) inputs.current.set(key, input);
                  else inputs.current.delete(key);
                }}
                slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
              />
              <IconButton aria-label={`Delete ${lowerLabel} ${index + 1}`} onClick={() => remove(index)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
        <div>
          <Button
            ref={addButton}
            startIcon={<AddIcon />}
            onClick={add}
            disabled={value.length >= MAX_AUTHORIZED_URLS}
            size="small"
          >
            Add {lowerLabel}
          </Button>
        </div>
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
