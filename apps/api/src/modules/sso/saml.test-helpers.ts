import {
  identityProviderEndpoints,
  type SamlProviderData,
  samlAcsPath,
  samlMetadataPath,
  ssoStartPath,
} from '@skyvault/contract';
import { apiCaller } from '../../../test/api-caller.js';
import type { TestApp, TestUser } from '../../../test/app.js';
import { SAML_IDP_LOGIN_FIELD, type SamlIdp } from '../../../test/saml-idp.js';

/** The name of the SAML browser-key cookie behind https (sso-browser.ts). */
export const SAML_COOKIE = '__Host-skyvault_saml';

/** Creates a SAML provider with the IdP's metadata and registers our SP metadata at the IdP. */
export async function createSamlProvider(
  t: TestApp,
  u: TestUser,
  idp: SamlIdp,
  providerData: Partial<SamlProviderData> = {},
  name = `Acme SAML ${Math.random().toString(36).slice(2, 8)}`,
) {
  const created = (
    await apiCaller(t).call(u, identityProviderEndpoints.create, {
      body: {
        name,
        type: 'Saml',
        buttonText: '',
        providerData: {
          metadataXml: await idp.metadata(),
          emailAttribute: 'email',
          firstNameAttribute: 'firstName',
          lastNameAttribute: 'lastName',
          ...providerData,
        },
      },
    })
  ).result();
  const metadata = await t.app.inject({ method: 'GET', url: samlMetadataPath(created.id) });
  if (metadata.statusCode !== 200) throw new Error(`no SP metadata: ${metadata.statusCode}`);
  await idp.registerSp(metadata.body);
  return created;
}

/** The `name=value` of the SAML browser key a start left. */
export function samlCookieFrom(res: { headers: Record<string, unknown> }): string {
  const header = ([] as string[]).concat((res.headers['set-cookie'] as string | string[]) ?? []);
  const cookie = header.find((c) => c.startsWith(`${SAML_COOKIE}=`));
  if (!cookie) throw new Error('No SAML browser cookie set');
  return cookie.split(';')[0]!;
}

/** The hidden fields of the IdP's auto-posting page: the SAMLResponse and the RelayState. */
export function formFields(html: string): Record<string, string> {
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      decode(m[2]!),
    ]),
  );
}

/** A login button click: the start's redirect to the IdP and the browser key it left. */
export async function startSaml(
  t: TestApp,
  providerId: string,
  options: { query?: string; cookie?: string } = {},
) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${ssoStartPath(providerId)}${options.query ?? ''}`,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  if (res.statusCode !== 302) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
  return { location: String(res.headers.location), browserCookie: samlCookieFrom(res) };
}

/**
 * What a person does at the IdP: opens the AuthnRequest's URL, signs in as `login` (with the IdP's
 * `scenario` and, when asked, an encrypted assertion). Answers the form the IdP posts to our ACS.
 */
export async function signInAtSamlIdp(
  location: string,
  login: string,
  options: {
    scenario?: 'ok' | 'unsigned' | 'wrong-audience' | 'expired';
    encrypt?: boolean;
    /** The HTTP-POST binding: the start's form fields, posted to `location`. */
    post?: Record<string, string>;
  } = {},
) {
  const form = options.post
    ? await fetch(location, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(options.post).toString(),
      })
    : await fetch(location);
  const page = await form.text();
  if (!form.ok) throw new Error(`IdP answered ${form.status}: ${page.slice(0, 500)}`);
  const key = /name="key" value="([^"]+)"/.exec(page)?.[1];
  if (!key) throw new Error(`no sign-in form at the IdP: ${page.slice(0, 300)}`);
  const posted = await fetch(new URL('/login', location), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key,
      [SAML_IDP_LOGIN_FIELD]: login,
      scenario: options.scenario ?? 'ok',
      ...(options.encrypt ? { encrypt: '1' } : {}),
    }).toString(),
  });
  const html = await posted.text();
  if (!posted.ok) throw new Error(`IdP answered ${posted.status}: ${html.slice(0, 500)}`);
  return formFields(html);
}

/** The IdP's cross-site POST to our ACS, as the browser sends it (with its cookie, from the IdP's origin). */
export function postToAcs(
  t: TestApp,
  providerId: string,
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: samlAcsPath(providerId),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: options.origin ?? 'http://127.0.0.1:1',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}
