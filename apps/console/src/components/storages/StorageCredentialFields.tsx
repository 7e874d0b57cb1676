import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  AZURE_AUTHENTICATION_LABELS,
  AZURE_AUTHENTICATIONS,
  type AzureAuthentication,
  STORAGE_CREDENTIAL_LABELS,
  type StorageCredentialField,
  type StorageType,
} from '@skyvault/contract';
import { Fragment, useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { formField } from '../formField';
import { PasswordField } from '../password/PasswordField';
import {
  CREDENTIAL_FIELDS,
  credentialHint,
  OPTIONAL_FIELDS,
  SECRET_FIELDS,
  type StorageFormOutput,
  type StorageFormValues,
  showsField,
} from './storageForm';

export const KEEP_SECRET_HINT = 'Leave empty to keep the current value';
export const AUTHENTICATION_LABEL = 'Authentication';

type StorageForm = UseFormReturn<StorageFormValues, unknown, StorageFormOutput>;

/** Azure: sign in with the account key or with a SAS token limited to the container. */
function AuthenticationField({ form }: { form: StorageForm }) {
  const labelId = useId();
  return (
    <Controller
      control={form.control}
      name="credentials.authentication"
      render={({ field }) => (
        <FormControl>
          <FormLabel id={labelId}>{AUTHENTICATION_LABEL}</FormLabel>
          <RadioGroup
            row
            name={field.name}
            aria-labelledby={labelId}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value as AzureAuthentication)}
            onBlur={field.onBlur}
          >
            {AZURE_AUTHENTICATIONS.map((authentication) => (
              <FormControlLabel
                key={authentication}
                value={authentication}
                control={<Radio />}
                label={AZURE_AUTHENTICATION_LABELS[authentication]}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

/**
 * The credential fields of the chosen kind (none for Local). Secrets are password inputs that browsers
 * should not fill in; `keepsSecret` says which may stay empty to keep the stored value (an edit that
 * keeps the type, and for Azure the authentication). Azure chooses its authentication first, which
 * swaps the account key for a SAS token; AWS S3 offers an Endpoint where the platform allows one.
 */
export function StorageCredentialFields({
  form,
  type,
  keepsSecret,
  customEndpoints,
}: {
  form: StorageForm;
  type: StorageType | '';
  keepsSecret: (field: StorageCredentialField) => boolean;
  customEndpoints: boolean;
}) {
  const authentication = form.watch('credentials.authentication');
  if (!type) return null;
  return CREDENTIAL_FIELDS[type]
    .filter((field) => showsField(field, { authentication, customEndpoints }))
    .map((field) => {
      const label = STORAGE_CREDENTIAL_LABELS[field];
      const before =
        field === 'accountKey' || field === 'sasToken' ? <AuthenticationField form={form} /> : null;
      if (SECRET_FIELDS.includes(field)) {
        const keeps = keepsSecret(field);
        return (
          <Fragment key={field}>
            {before}
            <PasswordField
              {...formField(form, `credentials.${field}`, keeps ? KEEP_SECRET_HINT : credentialHint(field))}
              label={label}
              required={!keeps}
              autoComplete="new-password"
            />
          </Fragment>
        );
      }
      return (
        <TextField
          key={field}
          {...formField(form, `credentials.${field}`, credentialHint(field))}
          label={label}
          required={!OPTIONAL_FIELDS.includes(field)}
          fullWidth
          autoComplete="off"
          spellCheck={false}
        />
      );
    });
}
