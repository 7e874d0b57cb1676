import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_EXPIRY_LABELS,
  API_TOKEN_TEXTS,
  type ApiTokenCreate,
  type ApiTokenExpiryChoice,
  type ApiTokenForm,
  type ApiTokenScope,
  apiTokenExpiryOf,
  apiTokenFormSchema,
  type CreatedApiToken,
  MESSAGES,
} from '@skyvault/contract';
import { type ReactNode, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { apiErrorOf } from '../../core/errors/apiErrors';
import { notify } from '../../core/toasts/notify';
import { FormDialog } from '../FormDialog';
import { formField } from '../formField';
import { MfaStepUpDialog } from '../MfaStepUpDialog';
import { NameField } from '../TextFields';
import { useSaveDialog } from '../useSaveDialog';
import { ApiTokenScopeField } from './ApiTokenScopeField';
import { useCreateApiToken } from './useCreateApiToken';

const T = API_TOKEN_TEXTS;

/** The server's answer to a creator who has a second factor and sent no proof of it. */
const asksForStepUp = (error: unknown) => apiErrorOf(error)?.fields?.code === MESSAGES.mfaStepUpRequired;

export interface CreateApiTokenDialogProps {
  /** The scope of every token made here (Provisioning's `scim`); without it the form offers each scope. */
  scope?: ApiTokenScope;
  title?: string;
  description?: ReactNode;
  defaultName?: string;
  defaultExpiry?: ApiTokenExpiryChoice;
  onCreated: (token: CreatedApiToken) => void;
  onClose: () => void;
}

/**
 * Create API token: a name, a scope (each with what it allows) unless the screen fixes it, and an
 * expiry, 30, 90 or 365 days from now or the end of a chosen day. The answer's token goes to
 * `onCreated`, which shows it once. A creator who has a second factor is asked for the step-up when the
 * server says so; the token is then made with it. Security → API Tokens and Security → Provisioning
 * (its SCIM tokens) both make tokens with it, hence a component.
 */
export function CreateApiTokenDialog({
  scope,
  title = T.createTitle,
  description,
  defaultName = '',
  defaultExpiry = '90',
  onCreated,
  onClose,
}: CreateApiTokenDialogProps) {
  const create = useCreateApiToken();
  const sent = useRef<ApiTokenCreate | null>(null);
  const [steppingUp, setSteppingUp] = useState<ApiTokenCreate | null>(null);
  const { form, dialog, close } = useSaveDialog({
    schema: apiTokenFormSchema,
    defaultValues: {
      name: defaultName,
      scope: scope ?? 'read',
      expiry: defaultExpiry,
      expiresOn: '',
    } as ApiTokenForm,
    send: (values) => {
      // The schema has checked the choice, so it always names an instant here.
      const expiresAt = apiTokenExpiryOf(values) as Date;
      sent.current = { name: values.name, scope: scope ?? values.scope, expiresAt: expiresAt.toISOString() };
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
    <FormDialog {...dialog} title={title} description={description} submitLabel="Create">
      <Stack sx={{ gap: 2, pt: 1 }}>
        <NameField {...formField(form, 'name')} label={T.name} />
        {!scope && <ApiTokenScopeField control={form.control} />}
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
