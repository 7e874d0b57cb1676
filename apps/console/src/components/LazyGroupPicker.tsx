import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import type { GroupPickerProps } from './GroupPicker';

const GroupPicker = lazy(() => import('./GroupPicker').then((module) => ({ default: module.GroupPicker })));

/**
 * The group picker for a screen's first render (the users list's group filter): the picker (MUI's
 * Autocomplete, its popper and list) loads and renders after the screen has drawn its rows, and a plain
 * field with the same label and the chosen group's name stands in until then. A cold open of the list
 * then neither loads nor renders the picker before its data shows.
 */
export function LazyGroupPicker(props: GroupPickerProps) {
  const { label, current, value, size, sx } = props;
  return (
    <Suspense
      fallback={
        <TextField
          size={size}
          sx={sx}
          label={label}
          value={current?.id === value ? current.name : ''}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      }
    >
      <GroupPicker {...props} />
    </Suspense>
  );
}
