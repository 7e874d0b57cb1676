import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import BadgeIcon from '@mui/icons-material/Badge';
import CableIcon from '@mui/icons-material/Cable';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DnsIcon from '@mui/icons-material/Dns';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import LanIcon from '@mui/icons-material/Lan';
import PasswordIcon from '@mui/icons-material/Password';
import PersonIcon from '@mui/icons-material/Person';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import StorageIcon from '@mui/icons-material/Storage';
import SyncIcon from '@mui/icons-material/Sync';
import WebhookIcon from '@mui/icons-material/Webhook';
import type SvgIcon from '@mui/material/SvgIcon';
import {
  API_TOKEN_TEXTS,
  AUTH_POLICY_TEXTS,
  DOMAIN_MESSAGES,
  NAV_SECTIONS,
  SCREEN_NAMES,
  type ServiceKey,
  WEBHOOK_TEXTS,
} from '@skyvault/contract';
import { routes } from '../../core/paths/routes';
import { PROVISIONING_TEXTS } from '../../features/provisioning/provisioning.texts';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof SvgIcon;
  /** SPEC.md §6: links are marked admin or not; the router enforces the same (RequireAdmin). */
  adminOnly: boolean;
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
        adminOnly: true,
      },
      { label: SCREEN_NAMES.users, to: routes['users.index'], icon: PersonIcon, adminOnly: true },
      { label: SCREEN_NAMES.roles, to: routes['roles.index'], icon: AdminPanelSettingsIcon, adminOnly: true },
      { label: SCREEN_NAMES.groups, to: routes['groups.index'], icon: GroupsIcon, adminOnly: true },
    ],
  },
  {
    label: NAV_SECTIONS.environment,
    items: [
      { label: SCREEN_NAMES.connections, to: routes['connections.index'], icon: CableIcon, adminOnly: true },
      {
        label: SCREEN_NAMES.storages,
        to: routes['storages.index'],
        icon: StorageIcon,
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
        adminOnly: true,
      },
      {
        label: SCREEN_NAMES.identityProviders,
        to: routes['identity-providers.index'],
        icon: BadgeIcon,
        adminOnly: true,
      },
      { label: DOMAIN_MESSAGES.screenTitle, to: routes['domains.index'], icon: DnsIcon, adminOnly: true },
      { label: SCREEN_NAMES.networkAccess, to: routes['ip-ranges.index'], icon: LanIcon, adminOnly: true },
      {
        label: AUTH_POLICY_TEXTS.screenTitle,
        to: routes['auth-policy.index'],
        icon: PasswordIcon,
        adminOnly: true,
      },
      { label: API_TOKEN_TEXTS.screenTitle, to: routes['api-tokens.index'], icon: KeyIcon, adminOnly: true },
      {
        label: PROVISIONING_TEXTS.screenTitle,
        to: routes['provisioning.index'],
        icon: SyncIcon,
        adminOnly: true,
      },
      { label: WEBHOOK_TEXTS.screenTitle, to: routes['webhooks.index'], icon: WebhookIcon, adminOnly: true },
      { label: 'Audit Log', to: routes['audit.index'], icon: HistoryIcon, adminOnly: true },
      { label: SCREEN_NAMES.mfaDevices, to: routes['mfa.index'], icon: PhonelinkLockIcon, adminOnly: false },
    ],
  },
];

/** The groups and links this user may see; groups left empty disappear. */
export function visibleNavGroups(
  groups: readonly NavGroup[],
  access: { isAdmin: boolean; services: readonly ServiceKey[] },
): NavGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) =>
          (access.isAdmin || !item.adminOnly) && (!item.service || access.services.includes(item.service)),
      ),
    }))
    .filter((group) => group.items.length > 0);
}
