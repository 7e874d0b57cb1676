import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type PickerInputProps = Omit<TextFieldProps, 'slotProps'> & {
  /** What the Autocomplete gives its input. */
  params: AutocompleteRenderInputParams;
  /** While options load, a spinner named for screen readers ('Loading groups') shows in the field. */
  loading: boolean;
  loadingLabel: string;
};

/** The text field of a picker (an Autocomplete whose options the server searches). */
export function PickerInput({ params, loading, loadingLabel, ...props }: PickerInputProps) {
  return (
    <TextField
      {...params}
      {...props}
      slotProps={{
        input: {
          ...params.InputProps,
          endAdornment: (
            <>
              {loading && <CircularProgress color="inherit" size={18} aria-label={loadingLabel} />}
              {params.InputProps.endAdornment}
            </>
          ),
        },
      }}
    />
  );
}
