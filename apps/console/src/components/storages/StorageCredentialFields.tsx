import TextField from '@mui/material/TextField';
import { STORAGE_CREDENTIAL_LABELS, type StorageType } from '@skyvault/contract';
import type { UseFormReturn } from 'react-hook-form';
import { formField } from '../formField';
import { PasswordField } from '../password/PasswordField';
import {
  CREDENTIAL_FIELDS,
  credentialHint,
  SECRET_FIELDS,
  type StorageFormOutput,
  type StorageFormValues,
} from './storageForm';

export const KEEP_SECRET_HINT = 'Leave empty to keep the current value';

/**
 * The credential fields of the chosen kind (none for Local). Secrets are password inputs that browsers
 * should not fill in; when an edit keeps the type they may stay empty to keep the stored value.
 */
export function StorageCredentialFields({
  form,
  type,
  keepsSecrets,
}: {
  form: UseFormReturn<StorageFormValues, unknown, StorageFormOutput>;
  type: StorageType | '';
  keepsSecrets: boolean;
}) {
  if (!type) return null;
  return CREDENTIAL_FIELDS[type].map((field) => {
    const label = STORAGE_CREDENTIAL_LABELS[field];
    if (SECRET_FIELDS.includes(field)) {
      const hint = keepsSecrets ? KEEP_SECRET_HINT : credentialHint(field);
      return (
        <PasswordField
          key={field}
          {...formField(form, `credentials.${field}`, hint)}
          label={label}
          required={!keepsSecrets}
          autoComplete="new-password"
        />
      );
    }
    return (
      <TextField
        key={field}
        {...formField(form, `credentials.${field}`, credentialHint(field))}
        label={label}
        required
        fullWidth
        autoComplete="off"
        spellCheck={false}
      />
    );
  });
}
