import {
  ACCESS_TOKEN_LIFETIME_MAX_MS,
  ACCESS_TOKEN_LIFETIME_MIN_MS,
  GRANT_TYPE_LABELS,
  GRANT_TYPES,
  OAUTH_SCOPE_LABELS,
  OAUTH_SCOPES,
  REFRESH_TOKEN_LIFETIME_MAX_MS,
  REFRESH_TOKEN_LIFETIME_MIN_MS,
} from '@skyvault/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { controlledField, formField } from '../../components/formField';
import { SwitchField } from '../../components/SwitchField';
import { NameField } from '../../components/TextFields';
import { AuthorizedUrlsField } from './AuthorizedUrlsField';
import { urlListErrors } from './applicationErrors';
import {
  APPLICATION_NAME_HINT,
  type ApplicationFormOutput,
  type ApplicationFormValues,
} from './applicationForm';
import { FormSection } from './FormSection';
import { LifetimeField } from './LifetimeField';
import { lifetimeBound } from './lifetimeText';
import { OptionChecklist } from './OptionChecklist';

type ApplicationFormApi = UseFormReturn<ApplicationFormValues, unknown, ApplicationFormOutput>;

/** The bounds of SPEC.md §5 as hints, worded from the same constants the rules use. */
export const REFRESH_LIFETIME_HINT = `From ${lifetimeBound(REFRESH_TOKEN_LIFETIME_MIN_MS)} to ${lifetimeBound(REFRESH_TOKEN_LIFETIME_MAX_MS)}`;
export const ACCESS_LIFETIME_HINT = `From ${lifetimeBound(ACCESS_TOKEN_LIFETIME_MIN_MS)} to ${lifetimeBound(ACCESS_TOKEN_LIFETIME_MAX_MS)}, and not longer than the refresh token lifetime`;

const ACCESS = 'data.authorizationPolicy.accessTokenLifetime' as const;
const REFRESH = 'data.authorizationPolicy.refreshTokenLifetime' as const;
const CALLBACKS = 'data.oauth.authorizedCallbackURLs' as const;
const SIGN_OUTS = 'data.oauth.authorizedSignOutURLs' as const;

/** Name and multi-tenant mode. */
export function AppInformationSection({ form }: { form: ApplicationFormApi }) {
  return (
    <FormSection title="App information">
      <NameField {...formField(form, 'name', APPLICATION_NAME_HINT)} autoFocus={false} />
      <SwitchField
        control={form.control}
        name="shared"
        label="Multi-tenant mode"
        hint="Users of other tenants may sign in to this app too."
      />
    </FormSection>
  );
}

/** The flows and scopes the app may use, from the fixed option lists. */
export function OAuthSection({ form }: { form: ApplicationFormApi }) {
  return (
    <FormSection title="OAuth information">
      <Controller
        control={form.control}
        name="data.oauth.allowedFlows"
        render={({ field, fieldState }) => (
          <OptionChecklist
            legend="Allowed flows"
            options={GRANT_TYPES}
            labels={GRANT_TYPE_LABELS}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="data.oauth.allowedScopes"
        render={({ field, fieldState }) => (
          <OptionChecklist
            legend="Allowed scopes"
            options={OAUTH_SCOPES}
            labels={OAUTH_SCOPE_LABELS}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormSection>
  );
}

/** Refresh first: the access token's bound depends on it, so changing it checks the access token again. */
export function TokenLifetimesSection({ form }: { form: ApplicationFormApi }) {
  return (
    <FormSection title="Token lifetimes">
      <Controller
        control={form.control}
        name={REFRESH}
        rules={{ deps: [ACCESS] }}
        render={(control) => (
          <LifetimeField
            {...controlledField(control)}
            legend="Refresh token lifetime"
            hint={REFRESH_LIFETIME_HINT}
          />
        )}
      />
      <Controller
        control={form.control}
        name={ACCESS}
        render={(control) => (
          <LifetimeField
            {...controlledField(control)}
            legend="Access token lifetime"
            hint={ACCESS_LIFETIME_HINT}
          />
        )}
      />
    </FormSection>
  );
}

/** Where the app may send users back to: after sign-in (required) and after sign-out. */
export function AuthorizedUrlsSection({ form }: { form: ApplicationFormApi }) {
  const { errors } = form.formState;
  const callbackErrors = urlListErrors(errors, CALLBACKS);
  const signOutErrors = urlListErrors(errors, SIGN_OUTS);
  return (
    <FormSection title="Authorized URLs">
      <Controller
        control={form.control}
        name={CALLBACKS}
        render={({ field }) => (
          <AuthorizedUrlsField
            legend="Callback URLs"
            itemLabel="Callback URL"
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={callbackErrors.list}
            itemErrors={callbackErrors.items}
            emptyText="No callback URLs yet. Add the address your app receives the sign-in result at."
          />
        )}
      />
      <Controller
        control={form.control}
        name={SIGN_OUTS}
        render={({ field }) => (
          <AuthorizedUrlsField
            legend="Sign-out URLs"
            itemLabel="Sign-out URL"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={signOutErrors.list}
            itemErrors={signOutErrors.items}
            emptyText="No sign-out URLs. Add one to let your app send users back to it after they sign out."
          />
        )}
      />
    </FormSection>
  );
}
