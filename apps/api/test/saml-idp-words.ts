/** What the test SAML IdP's sign-in form calls its fields (saml-idp-server.ts), for tests that fill it. */
export const SAML_IDP_LOGIN_FIELD = 'login';
export const SAML_IDP_LOGIN_BUTTON = 'Sign in to the test IdP';
