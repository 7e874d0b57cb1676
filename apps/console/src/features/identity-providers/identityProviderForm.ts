import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultButtonText,
  expiryDateOf,
  type IdentityProvider,
  type IdentityProviderCreate,
  type IdentityProviderPatch,
  type IdentityProviderType,
  identityProviderEditFormSchema,
  identityProviderFormSchema,
  MESSAGES,
} from '@skyvault/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The create and edit page's values: what the contract's form schemas read. */
export interface IdentityProviderFormValues {
  name: string;
  /** Empty until one is chosen: the schema then reports 'Connection method is required'. */
  type: IdentityProviderType | '';
  buttonText: string;
  buttonImageId: string | null;
  defaultGroupId: string | null;
  providerData: { clientId: string; clientSecret: string; issuer: string };
  /** The client secret's "Expires on" (YYYY-MM-DD), '' when not known. */
  credentialsExpireAt: string;
}

export type IdentityProviderFormOutput = z.output<typeof identityProviderEditFormSchema>;

/**
 * The button text as the form holds it: the API stores the default ('Connect {name}') when none was
 * given, and that default shows as an empty field, so a renamed provider's button follows its new name.
 */
const ownButtonText = (provider: IdentityProvider) =>
  provider.buttonText === defaultButtonText(provider.name) ? '' : provider.buttonText;

/** A new provider starts empty; an edited one from the provider, its secret empty (it is never answered). */
export const identityProviderFormValues = (provider?: IdentityProvider): IdentityProviderFormValues => ({
  name: provider?.name ?? '',
  type: provider?.type ?? '',
  buttonText: provider ? ownButtonText(provider) : '',
  buttonImageId: provider?.buttonImageId ?? null,
  defaultGroupId: provider?.defaultGroupId ?? null,
  providerData: {
    clientId: provider?.providerData.clientId ?? '',
    clientSecret: '',
    issuer: provider?.providerData.issuer ?? '',
  },
  credentialsExpireAt: expiryDateOf(provider?.credentialsExpireAt ?? null),
});

const createResolver = zodResolver(identityProviderFormSchema);
const editResolver = zodResolver(identityProviderEditFormSchema);

/** Whether the form moves the provider to another issuer than the saved one. */
export const changesIssuer = (provider: IdentityProvider | undefined, issuer: string) =>
  Boolean(provider) && issuer.trim() !== provider?.providerData.issuer;

type FormResolver = Resolver<IdentityProviderFormValues, unknown, IdentityProviderFormOutput>;

/**
 * A new provider needs its client secret; an edit may leave it empty to keep the stored one, unless it
 * changes the issuer: the stored secret is never sent to another issuer (the API refuses it the same way).
 */
export function identityProviderResolver(provider?: IdentityProvider): FormResolver {
  const resolve = provider ? editResolver : createResolver;
  return async (values, context, options) => {
    // The schemas' input types are narrower than the form's (an empty type is a value the form can hold).
    const result = (await resolve(values as never, context, options as never)) as Awaited<
      ReturnType<FormResolver>
    >;
    const { issuer, clientSecret } = values.providerData;
    if (!changesIssuer(provider, issuer) || clientSecret) return result;
    const errors = result.errors as FieldErrors<IdentityProviderFormValues>;
    const message = MESSAGES.clientSecretForNewIssuer;
    return {
      values: {},
      errors: {
        ...errors,
        providerData: { ...errors.providerData, clientSecret: { type: 'issuer', message } },
      },
    };
  };
}

/** The create call's body: the form's parse, as the create schema checked it. */
export const toCreateBody = (values: IdentityProviderFormOutput): IdentityProviderCreate => values;

/** The edit call's body: an empty secret is left out, so the API keeps the stored one. */
export function toPatchBody(values: IdentityProviderFormOutput): IdentityProviderPatch {
  const { clientSecret, ...providerData } = values.providerData;
  return { ...values, providerData: clientSecret ? { ...providerData, clientSecret } : providerData };
}
