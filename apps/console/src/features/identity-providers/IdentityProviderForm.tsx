import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  defaultButtonText,
  IDENTITY_PROVIDER_TYPE_LABELS,
  IDENTITY_PROVIDER_TYPES,
  type IdentityProvider,
  identityProviderEndpoints,
  TOASTS,
} from '@skyvault/contract';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { controlledField, formField } from '../../components/formField';
import { PageHeader } from '../../components/PageHeader';
import { PasswordField } from '../../components/password/PasswordField';
import { SsoButton } from '../../components/SsoButton';
import { FormActions } from '../../components/screens/FormActions';
import { useLeaveWithToast } from '../../components/screens/useLeaveAfterDelete';
import { NameField } from '../../components/TextFields';
import { useApiForm } from '../../components/useApiForm';
import { toIdentityProvider, toIdentityProviders } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { ButtonImageField } from './ButtonImageField';
import { CallbackUrlField } from './CallbackUrlField';
import { CopyField } from './CopyField';
import { DefaultGroupPicker } from './DefaultGroupPicker';
import { useCreateIdentityProvider, useUpdateIdentityProvider } from './identity-providers.queries';
import {
  changesIssuer,
  identityProviderFormValues,
  identityProviderResolver,
  toCreateBody,
  toPatchBody,
} from './identityProviderForm';
import { SamlSettingsFields } from './SamlSettingsFields';

export const KEEP_SECRET_HINT = 'Leave empty to keep the current client secret';
export const NEW_ISSUER_SECRET_HINT =
  'A new issuer needs its own client secret: the current one is not sent to it';
const NEW_SECRET_HINT = 'The client secret the identity provider issued for this client';

/**
 * The create page and the edit page of an identity provider (SPEC.md §2): its name and connection
 * method, the OpenID Connect client, the login button and the default group of new users. Saving shows
 * the provider's details.
 */
export function IdentityProviderForm({ provider }: { provider?: IdentityProvider }) {
  const editing = Boolean(provider);
  const leaveWithToast = useLeaveWithToast();
  const create = useCreateIdentityProvider();
  const update = useUpdateIdentityProvider();
  // Creating or saving is sign-in:write's; whom it is not open to sees the provider and no Save.
  const writes = provider ? identityProviderEndpoints.update : identityProviderEndpoints.create;
  const { form, onSubmit, busy } = useApiForm({
    readOnly: !useCan()(writes),
    resolver: identityProviderResolver(provider),
    defaultValues: identityProviderFormValues(provider),
    send: (values) =>
      provider
        ? update.mutateAsync({ id: provider.id, body: toPatchBody(values) })
        : create.mutateAsync(toCreateBody(values)),
    onSent: (saved) =>
      leaveWithToast(
        provider ? TOASTS.identityProviderUpdated : TOASTS.identityProviderCreated,
        toIdentityProvider(saved.id),
      ),
  });
  const [name, buttonText, buttonImageId, issuer, type] = form.watch([
    'name',
    'buttonText',
    'buttonImageId',
    'providerData.issuer',
    'type',
  ]);
  const newIssuer = changesIssuer(provider, issuer);
  const secretHint = !editing ? NEW_SECRET_HINT : newIssuer ? NEW_ISSUER_SECRET_HINT : KEEP_SECRET_HINT;
  const shownText = buttonText.trim() || defaultButtonText(name || 'provider');
  const cancelTo = provider ? toIdentityProvider(provider.id) : toIdentityProviders();

  return (
    <>
      <PageHeader
        title={provider ? `Edit Identity Provider: ${provider.name}` : 'Create Identity Provider'}
        back={cancelTo}
        backLabel={provider ? 'Back to the identity provider' : 'Back to Identity Providers'}
      />
      <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 3, maxWidth: 720 }}>
        <Section title="General">
          <NameField {...formField(form, 'name')} autoFocus={!editing} />
          <Controller
            control={form.control}
            name="type"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Connection method"
                required
                // The method of a saved provider does not change (the API refuses it).
                disabled={editing}
                fullWidth
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                // A disabled field's hint would be drawn in the disabled colour, too faint to read.
                helperText={
                  fieldState.error?.message ??
                  (editing ? undefined : 'How the console talks to the identity provider')
                }
              >
                {IDENTITY_PROVIDER_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {IDENTITY_PROVIDER_TYPE_LABELS[type]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Section>
        {type === 'Saml' ? (
          <Section title="SAML 2.0">
            <SamlSettingsFields form={form} editing={editing} />
            {provider?.type === 'Saml' && (
              <>
                <CopyField label="Entity ID" value={provider.providerData.sp.entityId} />
                <CopyField label="ACS URL" value={provider.providerData.sp.acsUrl} />
              </>
            )}
          </Section>
        ) : (
          <Section title="OpenID Connect">
            <TextField
              {...formField(form, 'providerData.clientId', 'The client id the identity provider issued')}
              label="Client ID"
              required
              fullWidth
              autoComplete="off"
              spellCheck={false}
            />
            <PasswordField
              {...formField(form, 'providerData.clientSecret', secretHint)}
              label="Client secret"
              required={!editing || newIssuer}
              autoComplete="new-password"
            />
            <TextField
              {...formField(
                form,
                'providerData.issuer',
                "The provider's https address; its OpenID configuration is read from there",
              )}
              label="Issuer"
              type="url"
              placeholder="https://login.example.com"
              required
              fullWidth
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              {...formField(
                form,
                'credentialsExpireAt',
                'The day the client secret stops working: administrators are e-mailed 30, 7 and 1 days before',
              )}
              label="Expires on"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ maxWidth: 280 }}
            />
            <CallbackUrlField />
          </Section>
        )}
        <Section title="Login button">
          <TextField
            {...formField(form, 'buttonText', 'Left empty, the button says Connect and the provider name')}
            label="Button text"
            placeholder={defaultButtonText(name || 'provider')}
            fullWidth
            autoComplete="off"
          />
          <Controller
            control={form.control}
            name="buttonImageId"
            render={({ field, fieldState }) => (
              <ButtonImageField
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                disabled={field.disabled}
              />
            )}
          />
          <Stack sx={{ gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Preview
            </Typography>
            <SsoButton text={shownText} imageId={buttonImageId} />
          </Stack>
        </Section>
        <Section title="New users">
          <Controller
            control={form.control}
            name="defaultGroupId"
            render={(control) => <DefaultGroupPicker {...controlledField(control)} />}
          />
        </Section>
        <FormActions
          endpoint={writes}
          cancelTo={cancelTo}
          busy={busy}
          submitLabel={editing ? 'Save' : 'Create'}
          dirty={form.formState.isDirty}
        />
      </Stack>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label={title}>
      <Stack sx={{ gap: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
