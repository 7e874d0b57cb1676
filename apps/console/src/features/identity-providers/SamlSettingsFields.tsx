import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SAML_CLOCK_SKEW_MAX, SAML_MESSAGES, SAML_METADATA_MAX_CHARS } from '@skyvault/contract';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formField } from '../../components/formField';
import { SwitchField } from '../../components/SwitchField';
import type { IdentityProviderFormOutput, IdentityProviderFormValues } from './identityProviderForm';

type Form = UseFormReturn<IdentityProviderFormValues, unknown, IdentityProviderFormOutput>;

/**
 * A SAML provider's settings: its metadata (pasted, uploaded from a file, or by URL; an edit may leave
 * both empty to keep the stored one) and how an assertion is read.
 */
export function SamlSettingsFields({ form, editing }: { form: Form; editing: boolean }) {
  const [source, setSource] = useState<'xml' | 'url'>(
    form.getValues('providerData.metadataUrl') ? 'url' : 'xml',
  );
  const sourceLabel = useId();
  const choose = (next: 'xml' | 'url') => {
    setSource(next);
    // Only one of the two is sent: the contract refuses both.
    form.setValue(next === 'xml' ? 'providerData.metadataUrl' : 'providerData.metadataXml', '');
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > SAML_METADATA_MAX_CHARS) {
      form.setError('providerData.metadataXml', { message: SAML_MESSAGES.metadataTooLarge });
      return;
    }
    form.setValue('providerData.metadataXml', await file.text(), { shouldValidate: true, shouldDirty: true });
  };
  const { ref: skewRef, ...skewField } = form.register('providerData.clockSkewSeconds', {
    valueAsNumber: true,
  });
  const skewError = form.getFieldState('providerData.clockSkewSeconds', form.formState).error;
  const keep = editing ? ' Leave empty to keep the current metadata.' : '';

  return (
    <>
      <Typography id={sourceLabel} variant="body2">
        Identity provider metadata
      </Typography>
      <RadioGroup
        row
        aria-labelledby={sourceLabel}
        value={source}
        onChange={(event) => choose(event.target.value as 'xml' | 'url')}
      >
        <FormControlLabel value="xml" control={<Radio />} label="Paste or upload" />
        <FormControlLabel value="url" control={<Radio />} label="Metadata URL" />
      </RadioGroup>
      {source === 'xml' ? (
        <Stack sx={{ gap: 1 }}>
          <TextField
            {...formField(
              form,
              'providerData.metadataXml',
              `The federation metadata XML of your identity provider.${keep}`,
            )}
            label="Metadata XML"
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            spellCheck={false}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 12 } } }}
          />
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            sx={{ alignSelf: 'flex-start' }}
          >
            Upload metadata file
            <input
              hidden
              type="file"
              accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </Button>
        </Stack>
      ) : (
        <TextField
          {...formField(
            form,
            'providerData.metadataUrl',
            `Fetched when you save, and read again at each save.${keep}`,
          )}
          label="Metadata URL"
          type="url"
          placeholder="https://login.example.com/federationmetadata.xml"
          fullWidth
          autoComplete="off"
          spellCheck={false}
        />
      )}
      <TextField
        {...formField(form, 'providerData.emailAttribute', 'Empty: the NameID is the e-mail address')}
        label="E-mail attribute"
        placeholder="NameID"
        fullWidth
        autoComplete="off"
        spellCheck={false}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField
          {...formField(form, 'providerData.firstNameAttribute', 'The attribute with the first name')}
          label="First name attribute"
          fullWidth
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          {...formField(form, 'providerData.lastNameAttribute', 'The attribute with the last name')}
          label="Last name attribute"
          fullWidth
          autoComplete="off"
          spellCheck={false}
        />
      </Stack>
      <TextField
        {...skewField}
        inputRef={skewRef}
        error={Boolean(skewError)}
        helperText={
          skewError?.message ??
          `How far the identity provider's clock may be off, 0 to ${SAML_CLOCK_SKEW_MAX} seconds`
        }
        label="Allowed clock skew (seconds)"
        type="number"
        slotProps={{ htmlInput: { min: 0, max: SAML_CLOCK_SKEW_MAX, step: 1 } }}
        sx={{ maxWidth: 280 }}
      />
      <SwitchField
        control={form.control}
        name="providerData.wantAssertionsSigned"
        label="Assertions must be signed"
        hint="Off, a signed response around the assertion is enough; one of the two is always required"
      />
      <SwitchField
        control={form.control}
        name="providerData.allowIdpInitiated"
        label="Allow IdP-initiated sign-in"
        hint="Sign-ins started from the identity provider's portal, without a request of the console's"
      />
    </>
  );
}
