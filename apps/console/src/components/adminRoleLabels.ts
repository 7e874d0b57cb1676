import { ADMIN_ROLE_DEFINITIONS, type AdminRole } from '@skyvault/contract';

/** 'Owner, Auditor' in the role table's order, or '—' for no role (the users list's column). */
export const adminRoleLabels = (roles: readonly AdminRole[]) =>
  roles.length === 0 ? '—' : roles.map((role) => ADMIN_ROLE_DEFINITIONS[role].label).join(', ');
