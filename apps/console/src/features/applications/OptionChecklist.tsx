import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';

/**
 * A fixed list of options as checkboxes (the grant types and scopes of SPEC.md §2), kept in the order
 * the options are listed whatever order they were ticked in.
 */
export function OptionChecklist<Option extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  onBlur,
  error,
}: {
  legend: string;
  options: readonly Option[];
  labels: Record<Option, string>;
  value: readonly Option[];
  onChange: (value: Option[]) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const toggle = (option: Option, checked: boolean) =>
    onChange(options.filter((candidate) => (candidate === option ? checked : value.includes(candidate))));
  return (
    <FormControl component="fieldset" error={Boolean(error)} variant="standard">
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {legend}
      </FormLabel>
      <FormGroup>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            label={labels[option]}
            control={
              <Checkbox
                checked={value.includes(option)}
                onChange={(event) => toggle(option, event.target.checked)}
                onBlur={onBlur}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
