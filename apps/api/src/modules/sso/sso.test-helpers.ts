import {
  type IdentityProviderCreate,
  identityProviderEndpoints,
  SSO_CALLBACK_PATH,
} from '@skyvault/contract';
import { apiCaller } from '../../../test/api-caller.js';
import { createTestApp, type TestApp, type TestUser, useOpened, useTestApp } from '../../../test/app.js';
import {
  OPENID_LOGIN_FIELD,
  type OpenIdAccount,
  type OpenIdProvider,
  startOpenIdProvider,
} from '../../../test/openid-provider.js';

/** A client secret that is easy to search for in any answer, row, audit event or log line. */
export const IDP_SECRET = 'idp-SECRET-never-shown-0123456789';
export const IDP_CLIENT_ID = 'skyvault-console';
export const PUBLIC_URL = 'https://console.example.com';
export const REDIRECT_URI = `${PUBLIC_URL}${SSO_CALLBACK_PATH}`;

/** The local OpenID provider with our client registered. */
export const startTestProvider = (accounts: OpenIdAccount[] = []) =>
  startOpenIdProvider({
    clientId: IDP_CLIENT_ID,
    clientSecret: IDP_SECRET,
    redirectUri: REDIRECT_URI,
    accounts,
  });

/** The API as deployed behind https, allowed to reach the local provider on 127.0.0.1. */
export const createSsoTestApp = (env: Record<string, string> = {}, options = {}) =>
  createTestApp({ PUBLIC_URL, OUTBOUND_PRIVATE_NETWORKS: 'true', ...env }, options);

/**
 * What a describe block of single sign-on tests shares: the local provider with these accounts, and the
 * API behind https (with `env`) that may reach it; both open before the block's tests.
 */
export function useSsoApps(
  accounts: OpenIdAccount[] = [],
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
) {
  const idp = useOpened(() => startTestProvider(accounts));
  const t = useTestApp(() => createSsoTestApp(env, options));
  return { idp, t, api: apiCaller(t) };
}

export const providerBody = (
  issuer: string,
  overrides: Partial<Extract<IdentityProviderCreate, { type: 'OpenId' }>> = {},
): Extract<IdentityProviderCreate, { type: 'OpenId' }> => ({
  name: 'Acme Login',
  type: 'OpenId',
  buttonText: '',
  providerData: { clientId: IDP_CLIENT_ID, clientSecret: IDP_SECRET, issuer },
  ...overrides,
});

/** Creates a provider through the API and returns its id. */
export async function createProvider(t: TestApp, u: TestUser, body: IdentityProviderCreate): Promise<string> {
  return (await apiCaller(t).call(u, identityProviderEndpoints.create, { body })).result().id;
}

/**
 * What a browser does at the provider: follows its redirects with its cookies, fills the login form
 * with `login` and ends at our callback. Answers the callback's path and query.
 */
export async function signInAtProvider(idp: OpenIdProvider, authorizationUrl: string, login: string) {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  let res = await go(authorizationUrl);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (!location) {
      // The login form: submit it as the browser would.
      const html = await res.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no login form at the provider: ${res.status} ${html.slice(0, 200)}`);
      res = await go(new URL(action, idp.issuer).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ [OPENID_LOGIN_FIELD]: login }).toString(),
      });
      continue;
    }
    if (location.startsWith(REDIRECT_URI)) return location.slice(PUBLIC_URL.length);
    res = await go(new URL(location, idp.issuer).href);
  }
  throw new Error('the provider never sent the browser back');
}

/** Where a redirect answer sends the browser, as a URL on the console's origin. */
export const locationOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location), PUBLIC_URL);

/** The `name=value` of the browser key that a start answer leaves (sso-browser.ts), for the callback. */
export function ssoCookieFrom(res: { headers: Record<string, unknown> }): string {
  const header = ([] as string[]).concat((res.headers['set-cookie'] as string | string[]) ?? []);
  const cookie = header.find((c) => c.startsWith('__Host-skyvault_sso='));
  if (!cookie) throw new Error('No sign-in cookie set');
  return cookie.split(';')[0]!;
}
