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
  SAML_CLOCK_SKEW_DEFAULT,
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
  /** The client secret's "Expires on" (YYYY-MM-DD), '' when not known. */
  credentialsExpireAt: string;
  /** Both methods' settings: the chosen method's are sent (settingsOf). */
  providerData: OpenIdValues & SamlValues;
}

interface OpenIdValues {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** A SAML provider's settings as the form holds them (the metadata text or URL, and the mapping). */
export interface SamlValues {
  metadataXml: string;
  metadataUrl: string;
  emailAttribute: string;
  firstNameAttribute: string;
  lastNameAttribute: string;
  clockSkewSeconds: number;
  wantAssertionsSigned: boolean;
  allowIdpInitiated: boolean;
}

const OPENID_KEYS = ['clientId', 'clientSecret', 'issuer'] as const;

/** The chosen method's settings only: the other method's fields are not the contract's. */
function settingsOf(values: IdentityProviderFormValues) {
  const { providerData } = values;
  if (values.type === 'Saml') {
    const { clientId: _id, clientSecret: _secret, issuer: _issuer, ...saml } = providerData;
    return saml;
  }
  return Object.fromEntries(OPENID_KEYS.map((key) => [key, providerData[key]])) as unknown as OpenIdValues;
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
    clientId: provider?.type === 'OpenId' ? provider.providerData.clientId : '',
    clientSecret: '',
    issuer: provider?.type === 'OpenId' ? provider.providerData.issuer : '',
    // Empty keeps the stored metadata on an edit (its URL is shown to fetch it again).
    metadataXml: '',
    metadataUrl: provider?.type === 'Saml' ? provider.providerData.metadataUrl : '',
    emailAttribute: provider?.type === 'Saml' ? provider.providerData.emailAttribute : '',
    firstNameAttribute: provider?.type === 'Saml' ? provider.providerData.firstNameAttribute : '',
    lastNameAttribute: provider?.type === 'Saml' ? provider.providerData.lastNameAttribute : '',
    clockSkewSeconds:
      provider?.type === 'Saml' ? provider.providerData.clockSkewSeconds : SAML_CLOCK_SKEW_DEFAULT,
    wantAssertionsSigned: provider?.type === 'Saml' ? provider.providerData.wantAssertionsSigned : true,
    allowIdpInitiated: provider?.type === 'Saml' ? provider.providerData.allowIdpInitiated : false,
  },
  credentialsExpireAt: expiryDateOf(provider?.credentialsExpireAt ?? null),
});

const createResolver = zodResolver(identityProviderFormSchema);
const editResolver = zodResolver(identityProviderEditFormSchema);

/** Whether the form moves the provider to another issuer than the saved one. */
export const changesIssuer = (provider: IdentityProvider | undefined, issuer: string) =>
  provider?.type === 'OpenId' && issuer.trim() !== provider.providerData.issuer;

type FormResolver = Resolver<IdentityProviderFormValues, unknown, IdentityProviderFormOutput>;

/**
 * A new provider needs its client secret; an edit may leave it empty to keep the stored one, unless it
 * changes the issuer: the stored secret is never sent to another issuer (the API refuses it the same way).
 */
export function identityProviderResolver(provider?: IdentityProvider): FormResolver {
  const resolve = provider ? editResolver : createResolver;
  return async (values, context, options) => {
    // The schemas' input types are narrower than the form's (an empty type is a value the form can hold).
    const chosen = { ...values, providerData: settingsOf(values) };
    let result = (await resolve(chosen as never, context, options as never)) as Awaited<
      ReturnType<FormResolver>
    >;
    if (values.type === 'Saml') return result;
    if (values.type === '') {
      // No method yet: the OpenID section is the one shown, so its empty fields are reported with the
      // method's own message.
      const asOpenId = (await resolve(
        { ...chosen, type: 'OpenId' } as never,
        context,
        options as never,
      )) as Awaited<ReturnType<FormResolver>>;
      result = { values: {}, errors: { ...asOpenId.errors, ...result.errors } } as typeof result;
    }
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

/**
 * A SAML provider's credentials end with its signing certificate, which the API reads from the
 * metadata: the form has no date for it and sends none.
 */
function withoutDate<T extends { credentialsExpireAt?: unknown }>(values: T): Omit<T, 'credentialsExpireAt'> {
  const { credentialsExpireAt: _date, ...rest } = values;
  return rest;
}

/** The create call's body: the form's parse, as the create schema checked it. */
export const toCreateBody = (values: IdentityProviderFormOutput): IdentityProviderCreate =>
  values.type === 'Saml' ? withoutDate(values) : values;

/**
 * The edit call's body: an empty secret is left out, so the API keeps the stored one; so are empty
 * SAML metadata fields (the stored metadata stays).
 */
export function toPatchBody(values: IdentityProviderFormOutput): IdentityProviderPatch {
  if (values.type === 'Saml') {
    const { metadataXml, metadataUrl, ...mapping } = values.providerData;
    return {
      ...withoutDate(values),
      providerData: {
        ...mapping,
        ...(metadataXml?.trim() ? { metadataXml } : {}),
        ...(metadataUrl?.trim() ? { metadataUrl } : {}),
      },
    };
  }
  const { clientSecret, ...providerData } = values.providerData;
  return { ...values, providerData: clientSecret ? { ...providerData, clientSecret } : providerData };
}
