import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_EXPIRY_LABELS,
  API_TOKEN_TEXTS,
  type ApiTokenCreate,
  type ApiTokenForm,
  apiTokenExpiryOf,
  apiTokenFormSchema,
  type CreatedApiToken,
  MESSAGES,
} from '@skyvault/contract';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { MfaStepUpDialog } from '../../components/MfaStepUpDialog';
import { NameField } from '../../components/TextFields';
import { useSaveDialog } from '../../components/useSaveDialog';
import { apiErrorOf } from '../../core/errors/apiErrors';
import { notify } from '../../core/toasts/notify';
import { useCreateScimToken } from './provisioning.queries';
import { PROVISIONING_TEXTS } from './provisioning.texts';

const T = API_TOKEN_TEXTS;
type ScimTokenBody = Omit<ApiTokenCreate, 'scope'>;

/** The server's answer to a creator who has a second factor and sent no proof of it. */
const asksForStepUp = (error: unknown) => apiErrorOf(error)?.fields?.code === MESSAGES.mfaStepUpRequired;

/**
 * Create SCIM token: the API token create call with its scope fixed to `scim`, a name and an expiry (a
 * year unless changed). Security → API Tokens makes tokens of every scope; features import nothing of
 * each other, so this one is built from the same shared pieces: the contract's form schema and texts,
 * the step-up dialog a creator with a second factor is asked for, and `onCreated` shows the token once.
 */
export function CreateScimTokenDialog({
  onCreated,
  onClose,
}: {
  onCreated: (token: CreatedApiToken) => void;
  onClose: () => void;
}) {
  const create = useCreateScimToken();
  const sent = useRef<ScimTokenBody | null>(null);
  const [steppingUp, setSteppingUp] = useState<ScimTokenBody | null>(null);
  const { form, dialog, close } = useSaveDialog({
    schema: apiTokenFormSchema,
    defaultValues: {
      name: PROVISIONING_TEXTS.defaultName,
      scope: 'scim',
      expiry: '365',
      expiresOn: '',
    } as ApiTokenForm,
    send: (values) => {
      // The schema has checked the choice, so it always names an instant here.
      const expiresAt = apiTokenExpiryOf(values) as Date;
      sent.current = { name: values.name, expiresAt: expiresAt.toISOString() };
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
    <FormDialog
      {...dialog}
      title={PROVISIONING_TEXTS.createTitle}
      description={PROVISIONING_TEXTS.tokensHelp}
      submitLabel="Create"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <NameField {...formField(form, 'name')} label={T.name} />
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
