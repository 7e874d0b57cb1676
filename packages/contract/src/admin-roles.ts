/**
 * Administrator roles (docs/administration.md): what each built-in role may do, as permissions. Every
 * `access: 'admin'` endpoint names the one permission it needs (EndpointDef.permission); the API
 * refuses the call without it and the console shows the action only with it. Each area has a `read`
 * permission for its GET calls and a `write` one for every change; the Auditor holds every `read`.
 * Imports nothing: endpoint.ts types its `permission` field from here.
 */
export const PERMISSIONS = [
  'users:read',
  'users:write',
  'credentials:reset',
  'sign-in:read',
  'sign-in:write',
  'applications:read',
  'applications:write',
  'api-tokens:read',
  'api-tokens:write',
  'webhooks:read',
  'webhooks:write',
  'connections:read',
  'connections:write',
  'storages:read',
  'storages:write',
  'audit:read',
  'admin-roles:read',
  'admin-roles:write',
  'organization:read',
  'organization:write',
  'support-access:read',
  'support-access:write',
  'approvals:read',
  'approvals:write',
  'log-streams:read',
  'log-streams:write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission covers, as the role table and the console's role picker say it. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'users:read': 'See users, groups, roles and their licences',
  'users:write': 'Add, change and delete users, groups and roles; send invitations; end user sessions',
  'credentials:reset': "Reset a user's password or MFA (an administrator's only with the sign-in permission)",
  'sign-in:read': 'See the sign-in policy, identity providers, domains and network access',
  'sign-in:write': 'Change the sign-in and MFA policy, identity providers, domains and network access',
  'applications:read': 'See connected apps',
  'applications:write': 'Add, change and delete connected apps',
  'api-tokens:read': 'See API tokens',
  'api-tokens:write': 'Create and revoke API tokens',
  'webhooks:read': 'See webhooks and their deliveries',
  'webhooks:write': 'Add, change and delete webhooks, resend deliveries',
  'connections:read': 'See Salesforce connections and their health',
  'connections:write': 'Add, renew, check and delete Salesforce connections',
  'storages:read': 'See storages and their health',
  'storages:write': 'Add, change, test and delete storages',
  'audit:read': 'Read the audit log and sign-in history',
  'admin-roles:read': "See administrators' roles",
  'admin-roles:write': 'Grant and take away administrator roles',
  'organization:read': "See the organization's licences, setup guide and provisioning",
  'organization:write':
    'Rename the organization, start trials, change the setup guide, choose which changes need approval',
  'support-access:read': "See the support team's access to the organization and its sessions",
  'support-access:write': 'Grant and revoke support access (Owners only)',
  'approvals:read': 'See approval requests',
  'approvals:write':
    "Request, approve, deny and cancel approvals (deciding also needs the request's own permission)",
  'log-streams:read': 'See log streams, their state and lag',
  'log-streams:write': 'Add, change, pause, replay and delete log streams',
};

export const ADMIN_ROLES = [
  'Owner',
  'SecurityAdministrator',
  'UserAdministrator',
  'EnvironmentAdministrator',
  'Auditor',
] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const READS = PERMISSIONS.filter((permission) => permission.endsWith(':read'));

/** The built-in roles: their names, what they are for, and their permissions (the role table). */
export const ADMIN_ROLE_DEFINITIONS: Record<
  AdminRole,
  { label: string; description: string; permissions: readonly Permission[] }
> = {
  Owner: {
    label: 'Owner',
    description: 'Everything, including granting administrator roles. Every organization keeps at least one.',
    permissions: PERMISSIONS,
  },
  SecurityAdministrator: {
    label: 'Security administrator',
    description:
      'Sign-in policy, identity providers, domains, network access, MFA resets, connected apps, API tokens, webhooks, the audit log and its log streams.',
    permissions: [
      'users:read',
      'credentials:reset',
      'sign-in:read',
      'sign-in:write',
      'applications:read',
      'applications:write',
      'api-tokens:read',
      'api-tokens:write',
      'webhooks:read',
      'webhooks:write',
      'audit:read',
      'admin-roles:read',
      'organization:read',
      'approvals:read',
      'approvals:write',
      'log-streams:read',
      'log-streams:write',
    ],
  },
  UserAdministrator: {
    label: 'User administrator',
    description:
      'Users, groups and roles, invitations, and password and MFA resets of users who are not administrators.',
    permissions: [
      'users:read',
      'users:write',
      'credentials:reset',
      'admin-roles:read',
      'organization:read',
      'approvals:read',
      'approvals:write',
    ],
  },
  EnvironmentAdministrator: {
    label: 'Environment administrator',
    description: 'Salesforce connections and storages.',
    permissions: [
      'connections:read',
      'connections:write',
      'storages:read',
      'storages:write',
      'organization:read',
      'approvals:read',
      'approvals:write',
    ],
  },
  Auditor: {
    label: 'Auditor',
    description: 'Reads everything an administrator reads, the audit log included; changes nothing.',
    permissions: READS,
  },
};

/** How long a role or a permission can be granted for (docs/administration.md "Time-bound roles"). */
export const TEMPORARY_ACCESS_MINUTES = { min: 15, max: 7 * 24 * 60 } as const;

/** The permissions that can be granted on one connection for a time. */
export const CONNECTION_PERMISSIONS = [
  'connections:read',
  'connections:write',
] as const satisfies readonly Permission[];

/** Every permission the roles give together, in PERMISSIONS order. */
export function permissionsOf(roles: readonly AdminRole[]): Permission[] {
  const held = new Set(roles.flatMap((role) => ADMIN_ROLE_DEFINITIONS[role]?.permissions ?? []));
  return PERMISSIONS.filter((permission) => held.has(permission));
}

/** The roles in their table's order, each once (how they are stored and answered). */
export const sortedAdminRoles = (roles: Iterable<AdminRole>): AdminRole[] => {
  const set = new Set(roles);
  return ADMIN_ROLES.filter((role) => set.has(role));
};

export const ADMIN_ROLE_MESSAGES = {
  /** The 403 of an administrator whose roles lack the endpoint's permission. */
  missingPermission: (permission: Permission) =>
    `Your administrator roles do not allow this (it needs the ${permission} permission).`,
  lastOwner: 'This is the last Owner of your organization. Make another user an Owner first.',
  ownerGrantsOwner: 'Only an Owner can grant or take away the Owner role.',
  administratorCredentials:
    "Only an Owner or a Security administrator can reset an administrator's password or MFA.",
  administratorAccount:
    "Only an Owner can change another administrator's e-mail, password or status, or delete them.",
  lastOwnerGroup:
    "This group's members include the last Owner of your organization. Make another user an Owner first.",
  alreadyHeld: (role: string) => `The user already holds ${role} without an end.`,
  grantKind: 'Choose a role, or a permission on one connection',
  durationRange: 'Duration should be between 15 minutes and 7 days',
  temporaryPermission: 'Only a connection permission can be granted on one connection',
  /** The audit trail's wording of a change of roles. */
  changed: 'Administrator roles changed',
} as const;

/**
 * The permission a 403 was missing, when the refusal is the permission check's (an administrator
 * whose roles do not allow this one call), so the console can say so instead of leaving the screen.
 */
export const missingPermissionIn = (message: string): Permission | undefined =>
  PERMISSIONS.find((permission) => ADMIN_ROLE_MESSAGES.missingPermission(permission) === message);
