import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { joinLifetime, splitLifetime } from '@skyvault/contract';
import { type Ref, useEffect, useId, useRef, useState } from 'react';

interface LifetimeText {
  days: string;
  minutes: string;
}

const toText = (ms: number): LifetimeText => {
  if (!Number.isFinite(ms)) return { days: '', minutes: '' };
  const { days, minutes } = splitLifetime(ms);
  return { days: String(days), minutes: String(minutes) };
};

/** An empty box counts as 0; anything but digits cannot be a lifetime, and NaN lets the rule say so. */
const parsePart = (text: string): number => {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

export interface LifetimeFieldProps {
  legend: string;
  /** The bounds, shown while there is no error (SPEC.md §5 shows them as hints). */
  hint: string;
  /** Milliseconds, as the app holds it (SPEC.md §9). */
  value: number;
  onChange: (ms: number) => void;
  onBlur?: () => void;
  /** The contract's message for this lifetime, if any. */
  error?: string;
  /** Receives the days box, so that a failed submit can focus it. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A token lifetime in days and minutes over one value in milliseconds. What is typed stays as typed while
 * it is edited; leaving the control writes it back in whole days and the remaining minutes (90 minutes
 * stay 90, 1500 become 1 day and 60).
 */
export function LifetimeField({
  legend,
  hint,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: LifetimeFieldProps) {
  const helperId = useId();
  const [text, setText] = useState(() => toText(value));
  // The last value this control reported; any other value came from elsewhere (the app loading).
  const reported = useRef(value);
  useEffect(() => {
    if (Object.is(value, reported.current)) return;
    reported.current = value;
    setText(toText(value));
  }, [value]);

  const change = (part: keyof LifetimeText, raw: string) => {
    const next = { ...text, [part]: raw };
    setText(next);
    const ms = joinLifetime(parsePart(next.days), parsePart(next.minutes));
    reported.current = ms;
    onChange(ms);
  };
  const blur = () => {
    if (Number.isSafeInteger(value) && value >= 0) setText(toText(value));
    onBlur?.();
  };

  const box = (part: keyof LifetimeText, label: string, ref?: Ref<HTMLInputElement>) => (
    <TextField
      label={label}
      value={text[part]}
      onChange={(event) => change(part, event.target.value)}
      onBlur={blur}
      error={Boolean(error)}
      inputRef={ref}
      autoComplete="off"
      sx={{ width: { xs: '50%', sm: 140 } }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'aria-describedby': helperId, 'aria-invalid': Boolean(error) },
      }}
    />
  );

  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ mb: 1.5 }}>
        {legend}
      </FormLabel>
      <Stack direction="row" sx={{ gap: 2 }}>
        {box('days', 'Days', inputRef)}
        {box('minutes', 'Minutes')}
      </Stack>
      <FormHelperText id={helperId}>{error ?? hint}</FormHelperText>
    </FormControl>
  );
}
