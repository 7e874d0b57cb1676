import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_EXPIRY_LABELS,
  API_TOKEN_SCOPE_HELP,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  API_TOKEN_TEXTS,
  type ApiTokenCreate,
  type ApiTokenForm,
  type ApiTokenScope,
  apiTokenExpiryOf,
  apiTokenFormSchema,
  type CreatedApiToken,
  MESSAGES,
} from '@skyvault/contract';
import { useId, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { MfaStepUpDialog } from '../../components/MfaStepUpDialog';
import { NameField } from '../../components/TextFields';
import { useSaveDialog } from '../../components/useSaveDialog';
import { apiErrorOf } from '../../core/errors/apiErrors';
import { notify } from '../../core/toasts/notify';
import { useCreateApiToken } from './api-tokens.queries';

const T = API_TOKEN_TEXTS;

/** The server's answer to a creator who has a second factor and sent no proof of it. */
const asksForStepUp = (error: unknown) => apiErrorOf(error)?.fields?.code === MESSAGES.mfaStepUpRequired;

/**
 * Create API token: a name, a scope (each with what it allows) and an expiry, 30, 90 or 365 days from now
 * or the end of a chosen day. The answer's token goes to `onCreated`, which shows it once. A creator who
 * has a second factor is asked for the step-up when the server says so; the token is then made with it.
 */
export function CreateApiTokenDialog({
  onCreated,
  onClose,
}: {
  onCreated: (token: CreatedApiToken) => void;
  onClose: () => void;
}) {
  const create = useCreateApiToken();
  const scopeLabelId = useId();
  const sent = useRef<ApiTokenCreate | null>(null);
  const [steppingUp, setSteppingUp] = useState<ApiTokenCreate | null>(null);
  const { form, dialog, close } = useSaveDialog({
    schema: apiTokenFormSchema,
    defaultValues: { name: '', scope: 'read', expiry: '90', expiresOn: '' } as ApiTokenForm,
    send: (values) => {
      // The schema has checked the choice, so it always names an instant here.
      const expiresAt = apiTokenExpiryOf(values) as Date;
      sent.current = { name: values.name, scope: values.scope, expiresAt: expiresAt.toISOString() };
      return create.mutateAsync(sent.current);
    },
    onError: (error) => {
      if (!asksForStepUp(error)) return false;
      setSteppingUp(sent.current);
      return true;
    },
    toast: T.createdToast,
    onSaved: onCreated,
    onClose,
  });
  const expiry = useWatch({ control: form.control, name: 'expiry' });

  return (
    <FormDialog {...dialog} title={T.createTitle} submitLabel="Create">
      <Stack sx={{ gap: 2, pt: 1 }}>
        <NameField {...formField(form, 'name')} label={T.name} />
        <Controller
          control={form.control}
          name="scope"
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)}>
              <FormLabel id={scopeLabelId}>{T.scope}</FormLabel>
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
                    control={
                      <Radio slotProps={{ input: { 'aria-describedby': `${scopeLabelId}-${scope}` } }} />
                    }
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
        <TextField
          {...formField(form, 'expiry')}
          label={T.expiry}
          select
          fullWidth
          required
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {API_TOKEN_EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {API_TOKEN_EXPIRY_LABELS[choice]}
            </option>
          ))}
        </TextField>
        {expiry === 'custom' && (
          <TextField
            {...formField(form, 'expiresOn')}
            label={T.expiresAt}
            type="date"
            fullWidth
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Stack>
      {steppingUp && (
        <MfaStepUpDialog
          title={T.stepUpTitle}
          message={T.stepUpMessage}
          confirmLabel="Create"
          onConfirm={async (proof) => {
            const answer = await create.mutateAsync({ ...steppingUp, ...proof });
            setSteppingUp(null);
            notify(T.createdToast, 'success');
            onCreated(answer);
            close();
          }}
          onClose={() => setSteppingUp(null)}
        />
      )}
    </FormDialog>
  );
}
