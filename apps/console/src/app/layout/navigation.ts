import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import BadgeIcon from '@mui/icons-material/Badge';
import CableIcon from '@mui/icons-material/Cable';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DnsIcon from '@mui/icons-material/Dns';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import LanIcon from '@mui/icons-material/Lan';
import PasswordIcon from '@mui/icons-material/Password';
import PersonIcon from '@mui/icons-material/Person';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import ShieldIcon from '@mui/icons-material/Shield';
import StorageIcon from '@mui/icons-material/Storage';
import StreamIcon from '@mui/icons-material/Stream';
import SyncIcon from '@mui/icons-material/Sync';
import WebhookIcon from '@mui/icons-material/Webhook';
import type SvgIcon from '@mui/material/SvgIcon';
import {
  API_TOKEN_TEXTS,
  AUTH_POLICY_TEXTS,
  apiTokenEndpoints,
  applicationEndpoints,
  approvalEndpoints,
  auditEndpoints,
  authPolicyEndpoints,
  connectionEndpoints,
  DOMAIN_MESSAGES,
  domainEndpoints,
  type EndpointDef,
  groupEndpoints,
  identityProviderEndpoints,
  ipRangeEndpoints,
  LOG_STREAM_TEXTS,
  licenseEndpoints,
  logStreamEndpoints,
  NAV_SECTIONS,
  type Permission,
  roleEndpoints,
  SCREEN_NAMES,
  SECURITY_OVERVIEW_TEXTS,
  type ServiceKey,
  type SessionUser,
  securityOverviewEndpoints,
  storageEndpoints,
  systemEndpoints,
  userEndpoints,
  WEBHOOK_TEXTS,
  webhookEndpoints,
} from '@skyvault/contract';
import { routes } from '../../core/paths/routes';
import { canCall } from '../../core/session/permissions';
import { PROVISIONING_TEXTS } from '../../features/provisioning/provisioning.texts';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof SvgIcon;
  /** SPEC.md §6: links are marked admin or not; the router enforces the same (RequireAdmin). */
  adminOnly: boolean;
  /** The screen's first read: the link is shown only to whom it is open (its permission). */
  reads?: EndpointDef;
  /** Shown only when the tenant has this service (RequireService guards the route). */
  service?: ServiceKey;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** The sidebar of SPEC.md §2, in its order. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: NAV_SECTIONS.userManagement,
    items: [
      {
        label: SCREEN_NAMES.licenses,
        to: routes['licenses.index'],
        icon: CardMembershipIcon,
        reads: licenseEndpoints.get,
        adminOnly: true,
      },
      {
        label: SCREEN_NAMES.users,
        to: routes['users.index'],
        icon: PersonIcon,
        reads: userEndpoints.list,
        adminOnly: true,
      },
      {
        label: SCREEN_NAMES.roles,
        to: routes['roles.index'],
        icon: AdminPanelSettingsIcon,
        reads: roleEndpoints.list,
        adminOnly: true,
      },
      {
        label: SCREEN_NAMES.groups,
        to: routes['groups.index'],
        icon: GroupsIcon,
        reads: groupEndpoints.list,
        adminOnly: true,
      },
    ],
  },
  {
    label: NAV_SECTIONS.environment,
    items: [
      {
        label: SCREEN_NAMES.connections,
        to: routes['connections.index'],
        icon: CableIcon,
        reads: connectionEndpoints.list,
        adminOnly: true,
      },
      {
        label: SCREEN_NAMES.storages,
        to: routes['storages.index'],
        icon: StorageIcon,
        reads: storageEndpoints.list,
        adminOnly: true,
        service: 'backup',
      },
    ],
  },
  {
    label: NAV_SECTIONS.security,
    items: [
      {
        label: SCREEN_NAMES.connectedApps,
        to: routes['applications.index'],
        icon: AppRegistrationIcon,
        reads: applicationEndpoints.list,
        adminOnly: true,
      },
      {
        label: SCREEN_NAMES.identityProviders,
        to: routes['identity-providers.index'],
        icon: BadgeIcon,
        reads: identityProviderEndpoints.list,
        adminOnly: true,
      },
      {
        label: DOMAIN_MESSAGES.screenTitle,
        to: routes['domains.index'],
        icon: DnsIcon,
        reads: domainEndpoints.list,
        adminOnly: true,
      },
      {
        label: SCREEN_NAMES.networkAccess,
        to: routes['ip-ranges.index'],
        icon: LanIcon,
        reads: ipRangeEndpoints.list,
        adminOnly: true,
      },
      {
        label: AUTH_POLICY_TEXTS.screenTitle,
        to: routes['auth-policy.index'],
        icon: PasswordIcon,
        reads: authPolicyEndpoints.get,
        adminOnly: true,
      },
      {
        label: API_TOKEN_TEXTS.screenTitle,
        to: routes['api-tokens.index'],
        icon: KeyIcon,
        reads: apiTokenEndpoints.list,
        adminOnly: true,
      },
      {
        label: PROVISIONING_TEXTS.screenTitle,
        to: routes['provisioning.index'],
        icon: SyncIcon,
        reads: systemEndpoints.provisioning,
        adminOnly: true,
      },
      {
        label: WEBHOOK_TEXTS.screenTitle,
        to: routes['webhooks.index'],
        icon: WebhookIcon,
        reads: webhookEndpoints.list,
        adminOnly: true,
      },
      {
        label: LOG_STREAM_TEXTS.screenTitle,
        to: routes['log-streams.index'],
        icon: StreamIcon,
        reads: logStreamEndpoints.list,
        adminOnly: true,
      },
      {
        label: 'Approvals',
        to: routes['approvals.index'],
        icon: FactCheckIcon,
        reads: approvalEndpoints.list,
        adminOnly: true,
      },
      {
        label: SECURITY_OVERVIEW_TEXTS.title,
        to: routes['security-overview.index'],
        icon: ShieldIcon,
        reads: securityOverviewEndpoints.get,
        adminOnly: true,
      },
      {
        label: 'Audit Log',
        to: routes['audit.index'],
        icon: HistoryIcon,
        reads: auditEndpoints.list,
        adminOnly: true,
      },
      { label: SCREEN_NAMES.mfaDevices, to: routes['mfa.index'], icon: PhonelinkLockIcon, adminOnly: false },
    ],
  },
];

/** The groups and links this user may see; groups left empty disappear. */
export function visibleNavGroups(
  groups: readonly NavGroup[],
  access: Pick<SessionUser, 'isAdmin' | 'permissions'> & { services: readonly ServiceKey[] },
): NavGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) =>
          (access.isAdmin || !item.adminOnly) &&
          (!item.reads || canCall(access, item.reads)) &&
          (!item.service || access.services.includes(item.service)),
      ),
    }))
    .filter((group) => group.items.length > 0);
}

/**
 * The link whose screen this address opens: its own path or one below it (/users/42 and /users are the
 * Users link's). The route guard reads the screen's permission from it, the sidebar its visibility.
 */
export function navItemOf(pathname: string): NavItem | undefined {
  return NAV_GROUPS.flatMap((group) => group.items).find(
    (item) => pathname === item.to || pathname.startsWith(`${item.to}/`),
  );
}

/**
 * The permission an administrator lacks to open the screen at this address (its first read's), or
 * undefined when they may. Non-administrators are left to RequireAdmin, which sends them to their own
 * screen, and screens without a link (My sessions) to their own calls.
 */
export function missingScreenPermission(
  user: Pick<SessionUser, 'isAdmin' | 'permissions'>,
  pathname: string,
): Permission | undefined {
  if (!user.isAdmin) return undefined;
  const reads = navItemOf(pathname)?.reads;
  return reads?.access === 'admin' && !canCall(user, reads) ? reads.permission : undefined;
}
