import { z } from 'zod';

/** Chip colours the console uses for statuses (MUI palette names). */
export type ChipColor = 'success' | 'error' | 'info' | 'warning' | 'default';

/** Services a tenant can have enabled (SPEC.md §1). */
export const SERVICE_KEYS = ['backup', 'devOps'] as const;
export const serviceKeySchema = z.enum(SERVICE_KEYS);
export type ServiceKey = z.infer<typeof serviceKeySchema>;
export const SERVICE_LABELS: Record<ServiceKey, string> = {
  backup: 'Backup and Archive',
  devOps: 'DevOps',
};

/** Turns a tuple of values into a zod enum whose missing or unknown value reports `message`. */
export const enumOf = <const T extends readonly [string, ...string[]]>(values: T, message?: string) =>
  z.enum(values, message ? { error: message } : undefined);

/** "Status should be one of Confirmed, Disabled or WaitConfirmation": a choice's message, from its values. */
export const oneOfMessage = (label: string, values: readonly string[]) =>
  `${label} should be ${values.length > 2 ? 'one of ' : ''}${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** User account state (SPEC.md §4); transitions are the API's business. */
export const USER_STATUSES = ['Confirmed', 'Disabled', 'ForceResetPassword', 'WaitConfirmation'] as const;
export const userStatusSchema = enumOf(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;
export const USER_STATUS_COLORS: Record<UserStatus, ChipColor> = {
  Confirmed: 'success',
  Disabled: 'error',
  ForceResetPassword: 'info',
  WaitConfirmation: 'warning',
};
/** Chip texts (ours: the spec names the states only). */
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  Confirmed: 'Confirmed',
  Disabled: 'Disabled',
  ForceResetPassword: 'Force reset password',
  WaitConfirmation: 'Wait confirmation',
};

/** MFA device state (SPEC.md §4). */
export const MFA_STATUSES = ['Enable', 'Disable', 'WaitConfirmation', 'ForceResetSecret'] as const;
export const mfaStatusSchema = enumOf(MFA_STATUSES);
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export const MFA_STATUS_COLORS: Record<MfaStatus, ChipColor> = {
  Enable: 'success',
  Disable: 'error',
  WaitConfirmation: 'info',
  ForceResetSecret: 'warning',
};
export const MFA_STATUS_LABELS: Record<MfaStatus, string> = {
  Enable: 'Enabled',
  Disable: 'Disabled',
  WaitConfirmation: 'Wait confirmation',
  ForceResetSecret: 'Force reset secret',
};

/** The MFA actions menu (SPEC.md §4): which items show, and which show disabled. */
export function mfaMenu(status: MfaStatus) {
  return {
    enable: {
      visible: status !== 'Enable',
      disabled: status === 'WaitConfirmation' || status === 'ForceResetSecret',
    },
    disable: { visible: status === 'Enable', disabled: false },
    delete: { visible: true, disabled: false },
  };
}

/** Connected apps and identity providers derive their status from `active`. */
export const ACTIVE_STATUSES = ['Active', 'Disabled'] as const;
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];
export const activeStatus = (active: boolean): ActiveStatus => (active ? 'Active' : 'Disabled');
/** Disabled is red like the other disabled states. */
export const ACTIVE_STATUS_COLORS: Record<ActiveStatus, ChipColor> = { Active: 'success', Disabled: 'error' };
/** The app card shows the multi-tenant (shared) mode as 'Enable' or 'Disabled', as the spec writes it. */
export const multiTenantLabel = (shared: boolean) => (shared ? 'Enable' : 'Disabled');

export const STORAGE_TYPES = ['Local', 'AwsS3', 'AzureBlob'] as const;
export const storageTypeSchema = enumOf(STORAGE_TYPES, 'Storage type is required');
export type StorageType = z.infer<typeof storageTypeSchema>;
export const STORAGE_TYPE_LABELS: Record<StorageType, string> = {
  Local: 'Local',
  AwsS3: 'AWS S3',
  AzureBlob: 'Azure Blob',
};

/** Salesforce org kinds; the create modal calls this the "connection type". */
export const ORGANIZATION_TYPES = ['Production', 'Sandbox'] as const;
export const organizationTypeSchema = enumOf(ORGANIZATION_TYPES, 'Connection type is required');
export type OrganizationType = z.infer<typeof organizationTypeSchema>;
export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  Production: 'Production',
  Sandbox: 'Sandbox',
};
/** Connections are made to Salesforce only, authorized by an OAuth authorization code. */
export const CONNECTION_TYPES = ['Salesforce'] as const;
export const AUTHORIZATION_METHODS = ['authorization_code'] as const;

/** Licence state as GET /v1/licenses/state/* answers it. */
export const LICENSE_STATES = ['No License', 'Expired License', 'Active License'] as const;
export const licenseStateSchema = enumOf(LICENSE_STATES);
export type LicenseState = z.infer<typeof licenseStateSchema>;
/** The `service` query of GET /v1/licenses. */
export const LICENSE_SERVICES = ['Dbr', 'Devops'] as const;
export const licenseServiceSchema = enumOf(LICENSE_SERVICES);
export type LicenseService = z.infer<typeof licenseServiceSchema>;
/** Products a trial can be started for are the tenant's services. */
export const LICENSE_PRODUCTS = SERVICE_KEYS;
export const LICENSE_SERVICE_BY_PRODUCT: Record<ServiceKey, LicenseService> = {
  backup: 'Dbr',
  devOps: 'Devops',
};
/** Tab titles of the licences and role screens. */
export const PRODUCT_LABELS: Record<ServiceKey, string> = { backup: 'Backup & Archive', devOps: 'DevOps' };

export const IDENTITY_PROVIDER_TYPES = ['OpenId', 'Saml'] as const;
export const identityProviderTypeSchema = enumOf(IDENTITY_PROVIDER_TYPES, 'Connection method is required');
export type IdentityProviderType = z.infer<typeof identityProviderTypeSchema>;
export const IDENTITY_PROVIDER_TYPE_LABELS: Record<IdentityProviderType, string> = {
  OpenId: 'OpenID Connect',
  // SPEC.md names only OpenId; 'SAML 2.0' is the protocol's own name, as identity providers show it.
  Saml: 'SAML 2.0',
};

/** Role permissions (SPEC.md §6). Pull requests: Read views only, Contribute creates and comments. */
export const PULL_REQUEST_ACCESS = ['Read', 'Contribute'] as const;
export const pullRequestAccessSchema = enumOf(PULL_REQUEST_ACCESS);
export type PullRequestAccess = z.infer<typeof pullRequestAccessSchema>;
export const PULL_REQUEST_ACCESS_LABELS: Record<PullRequestAccess, string> = {
  Read: 'Read',
  Contribute: 'Contribute',
};

export const PIPELINE_ACCESS = ['ReadAndExecute', 'Manage'] as const;
export const pipelineAccessSchema = enumOf(PIPELINE_ACCESS);
export type PipelineAccess = z.infer<typeof pipelineAccessSchema>;
export const PIPELINE_ACCESS_LABELS: Record<PipelineAccess, string> = {
  ReadAndExecute: 'Pipeline executions',
  Manage: 'Manage & Execute pipelines',
};

/** Licence levels of a role: DevOps full or read, Backup full only. */
export const DEVOPS_LICENSE_LEVELS = ['full', 'read'] as const;
export type DevopsLicenseLevel = (typeof DEVOPS_LICENSE_LEVELS)[number];
export const BACKUP_LICENSE_LEVELS = ['full'] as const;
export type BackupLicenseLevel = (typeof BACKUP_LICENSE_LEVELS)[number];
export const LICENSE_LEVEL_LABELS: Record<DevopsLicenseLevel, string> = {
  full: 'Full access',
  read: 'Read access',
};

/** OAuth options a connected app may allow (SPEC.md §2, Edit). */
export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
export const grantTypeSchema = enumOf(GRANT_TYPES);
export type GrantType = z.infer<typeof grantTypeSchema>;
export const GRANT_TYPE_LABELS: Record<GrantType, string> = {
  authorization_code: 'Authorization Code (for web and mobile apps)',
  refresh_token: 'Refresh Token',
};
export const OAUTH_SCOPES = ['offline_access'] as const;
export const oauthScopeSchema = enumOf(OAUTH_SCOPES);
export type OAuthScope = z.infer<typeof oauthScopeSchema>;
export const OAUTH_SCOPE_LABELS: Record<OAuthScope, string> = {
  offline_access: 'Offline Access (asks for a refresh token)',
};
