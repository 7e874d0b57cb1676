/**
 * Security → Provisioning (SCIM): the screen's words. The title is also the menu's label, so it sits
 * apart from the set-up steps (provisioning.steps.ts), which only the lazily loaded page needs.
 */
export const PROVISIONING_TEXTS = {
  screenTitle: 'Provisioning (SCIM)',
  intro:
    'Your identity provider (Okta, Microsoft Entra ID or any SCIM 2.0 client) can create, update and deactivate your users and groups here. Give it the base URL and a SCIM token below, then follow its steps.',
  baseUrl: 'SCIM base URL',
  baseUrlHelp:
    'Paste this address into your identity provider as the SCIM base URL (Okta) or Tenant URL (Entra ID).',
  copyBaseUrl: 'Copy SCIM base URL',
  tokens: 'SCIM tokens',
  tokensHelp:
    'A SCIM token reaches only /scim/v2: it can neither read nor change anything else. It is shown once, when it is created.',
  create: 'Create SCIM token',
  createTitle: 'Create SCIM token',
  defaultName: 'SCIM provisioning',
  noTokens: 'No SCIM token yet',
  manage: 'Revoke tokens under Security → API Tokens',
  okta: 'Set up Okta',
  entra: 'Set up Microsoft Entra ID',
  rules: 'Good to know',
} as const;
