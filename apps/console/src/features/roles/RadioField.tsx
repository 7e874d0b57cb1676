import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

export interface RadioFieldProps<Value extends string> {
  label: string;
  /** Null when nothing is chosen yet. */
  value: NoInfer<Value> | null;
  options: readonly Value[];
  optionLabels: Record<NoInfer<Value>, string>;
  /** Without it the field is read-only (the details screen). */
  onChange?: (value: NoInfer<Value>) => void;
}

/** One radio choice of the role screens: a licence level, pipelines or pull requests. */
export function RadioField<Value extends string>({
  label,
  value,
  options,
  optionLabels,
  onChange,
}: RadioFieldProps<Value>) {
  const labelId = useId();
  return (
    <FormControl disabled={!onChange}>
      {/* Read-only, not unavailable: the caption keeps a readable contrast. */}
      <FormLabel id={labelId} sx={{ '&.Mui-disabled': { color: 'text.secondary' } }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value as Value)}
      >
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={optionLabels[option]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
