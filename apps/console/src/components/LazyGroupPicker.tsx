import TextField from '@mui/material/TextField';
import { useForkRef } from '@mui/material/utils';
import { lazy, Suspense, useCallback, useRef } from 'react';
import type { GroupPickerProps } from './GroupPicker';

const GroupPicker = lazy(() => import('./GroupPicker').then((module) => ({ default: module.GroupPicker })));

/**
 * The group picker for a screen's first render (the users list's group filter): the picker (MUI's
 * Autocomplete, its popper and list) loads and renders after the screen has drawn its rows, and a plain
 * field with the same label and the chosen group's name stands in until then. A cold open of the list
 * then neither loads nor renders the picker before its data shows. A keyboard user who has tabbed into
 * the stand-in keeps the focus: the picker takes it when it arrives.
 */
export function LazyGroupPicker(props: GroupPickerProps) {
  const { label, current, value, size, sx, inputRef } = props;
  const standInFocused = useRef(false);
  const takeFocus = useCallback((input: HTMLInputElement | null) => {
    if (input && standInFocused.current) {
      standInFocused.current = false;
      input.focus();
    }
  }, []);
  const pickerInputRef = useForkRef(inputRef, takeFocus);
  return (
    <Suspense
      fallback={
        <TextField
          size={size}
          sx={sx}
          label={label}
          value={current?.id === value ? current.name : ''}
          onFocus={() => {
            standInFocused.current = true;
          }}
          // A field removed from the page (when the picker replaces it) has not lost its user's focus.
          onBlur={(event) => {
            if (event.currentTarget.isConnected) standInFocused.current = false;
          }}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      }
    >
      <GroupPicker {...props} inputRef={pickerInputRef} />
    </Suspense>
  );
}
