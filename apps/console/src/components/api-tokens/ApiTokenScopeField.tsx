import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  API_TOKEN_SCOPE_HELP,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  API_TOKEN_TEXTS,
  type ApiTokenForm,
  type ApiTokenScope,
} from '@skyvault/contract';
import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';

/** The scope of a new API token: a radio for each, described by what it allows. */
export function ApiTokenScopeField<Output>({ control }: { control: Control<ApiTokenForm, unknown, Output> }) {
  const scopeLabelId = useId();
  return (
    <Controller
      control={control}
      name="scope"
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormLabel id={scopeLabelId}>{API_TOKEN_TEXTS.scope}</FormLabel>
          <RadioGroup
            name={field.name}
            aria-labelledby={scopeLabelId}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value as ApiTokenScope)}
            onBlur={field.onBlur}
          >
            {API_TOKEN_SCOPES.map((scope) => (
              <FormControlLabel
                key={scope}
                value={scope}
                control={<Radio slotProps={{ input: { 'aria-describedby': `${scopeLabelId}-${scope}` } }} />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                label={
                  <Stack>
                    <span>{API_TOKEN_SCOPE_LABELS[scope]}</span>
                    <Typography id={`${scopeLabelId}-${scope}`} variant="caption" color="text.secondary">
                      {API_TOKEN_SCOPE_HELP[scope]}
                    </Typography>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
