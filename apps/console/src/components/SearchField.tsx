import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { SEARCH_DEBOUNCE_MS, SEARCH_PLACEHOLDER } from '@skyvault/contract';
import { useEffect, useRef, useState } from 'react';

export interface SearchFieldProps {
  /** The search in effect (e.g. from the URL); the field follows it when it changes elsewhere. */
  value: string;
  /** Called once typing pauses for SEARCH_DEBOUNCE_MS, or at once when the field is cleared. */
  onSearch: (value: string) => void;
  placeholder?: string;
  label?: string;
}

export function SearchField({
  value,
  onSearch,
  placeholder = SEARCH_PLACEHOLDER,
  label = 'Search',
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  // The latest callback, so a parent re-render does not restart the pause.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearchRef.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  const clear = () => {
    setText('');
    if (value !== '') onSearch('');
  };

  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={placeholder}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" color="action" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label="Clear search" onClick={clear} edge="end">
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
