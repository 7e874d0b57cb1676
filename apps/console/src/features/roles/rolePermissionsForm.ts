import {
  type BackupConnectionPermission,
  type DevopsConnectionPermission,
  type DevopsLicenseLevel,
  devopsLicenseLevel,
  newBackupConnectionRow,
  newDevopsConnectionRow,
  PIPELINE_ACCESS,
  type PipelineAccess,
  PULL_REQUEST_ACCESS,
  type PullRequestAccess,
  type RolePermissions,
  restrictToReadAccess,
} from '@skyvault/contract';
import type { BackupRight, DevopsRight } from '../../core/connectionRights';

/** A new role: no licence level, no rows, and the least DevOps access. */
export const emptyPermissions = (): RolePermissions => ({
  licenses: { backupFullAccess: false, devopsFullAccess: false, devopsReadAccess: false },
  dbr: { permissions: { connections: [] } },
  devops: { permissions: { connections: [], pullRequests: 'Read', pipelines: 'ReadAndExecute' } },
});

/**
 * The DevOps level the form shows. Full includes everything Read allows, so should a role hold both
 * flags, Full hides Read (SPEC.md §6).
 */
export const devopsLevelOf = (permissions: RolePermissions): DevopsLicenseLevel | null =>
  devopsLicenseLevel(permissions.licenses);

/** Choosing a DevOps level: the flags are a radio, and Read holds everything to what it allows. */
export function chooseDevopsLevel(permissions: RolePermissions, level: DevopsLicenseLevel): RolePermissions {
  const devops =
    level === 'read' ? restrictToReadAccess(permissions.devops.permissions) : permissions.devops.permissions;
  return {
    ...permissions,
    licenses: {
      ...permissions.licenses,
      devopsFullAccess: level === 'full',
      devopsReadAccess: level === 'read',
    },
    devops: { permissions: devops },
  };
}

/** Backup & Archive has one level, Full access. */
export const chooseBackupFullAccess = (permissions: RolePermissions): RolePermissions => ({
  ...permissions,
  licenses: { ...permissions.licenses, backupFullAccess: true },
});

/** With Read access the option lists shrink to their first option (SPEC.md §6). */
export const pipelineOptions = (level: DevopsLicenseLevel | null): readonly PipelineAccess[] =>
  level === 'read' ? PIPELINE_ACCESS.slice(0, 1) : PIPELINE_ACCESS;
export const pullRequestOptions = (level: DevopsLicenseLevel | null): readonly PullRequestAccess[] =>
  level === 'read' ? PULL_REQUEST_ACCESS.slice(0, 1) : PULL_REQUEST_ACCESS;

export const setPipelines = (permissions: RolePermissions, pipelines: PipelineAccess): RolePermissions => ({
  ...permissions,
  devops: { permissions: { ...permissions.devops.permissions, pipelines } },
});
export const setPullRequests = (
  permissions: RolePermissions,
  pullRequests: PullRequestAccess,
): RolePermissions => ({
  ...permissions,
  devops: { permissions: { ...permissions.devops.permissions, pullRequests } },
});

export interface ChosenConnection {
  id: string;
  name: string;
}

/** Rows for connections the tab does not list yet, every right off. */
function appended<Row extends { id: string }>(
  rows: Row[],
  chosen: ChosenConnection[],
  make: (c: ChosenConnection) => Row,
) {
  const listed = new Set(rows.map((row) => row.id));
  return [...rows, ...chosen.filter((c) => !listed.has(c.id)).map(make)];
}

export const addBackupConnections = (p: RolePermissions, chosen: ChosenConnection[]): RolePermissions => ({
  ...p,
  dbr: {
    permissions: {
      connections: appended(p.dbr.permissions.connections, chosen, (c) =>
        newBackupConnectionRow(c.id, c.name),
      ),
    },
  },
});
export const addDevopsConnections = (p: RolePermissions, chosen: ChosenConnection[]): RolePermissions => ({
  ...p,
  devops: {
    permissions: {
      ...p.devops.permissions,
      connections: appended(p.devops.permissions.connections, chosen, (c) =>
        newDevopsConnectionRow(c.id, c.name),
      ),
    },
  },
});

export const removeBackupConnection = (p: RolePermissions, id: string): RolePermissions => ({
  ...p,
  dbr: { permissions: { connections: p.dbr.permissions.connections.filter((row) => row.id !== id) } },
});
export const removeDevopsConnection = (p: RolePermissions, id: string): RolePermissions => ({
  ...p,
  devops: {
    permissions: {
      ...p.devops.permissions,
      connections: p.devops.permissions.connections.filter((row) => row.id !== id),
    },
  },
});

const setRight = <Row extends { id: string }>(rows: Row[], id: string, right: keyof Row, value: boolean) =>
  rows.map((row) => (row.id === id ? { ...row, [right]: value } : row));

export const setBackupRight = (p: RolePermissions, id: string, right: BackupRight, value: boolean) => ({
  ...p,
  dbr: {
    permissions: {
      connections: setRight<BackupConnectionPermission>(p.dbr.permissions.connections, id, right, value),
    },
  },
});
export const setDevopsRight = (p: RolePermissions, id: string, right: DevopsRight, value: boolean) => ({
  ...p,
  devops: {
    permissions: {
      ...p.devops.permissions,
      connections: setRight<DevopsConnectionPermission>(p.devops.permissions.connections, id, right, value),
    },
  },
});

/**
 * What the form sends: only the tenant's products carry rights. A product the tenant no longer has is
 * sent empty, which the server leaves as stored rather than refusing it.
 */
export function forProducts(p: RolePermissions, products: readonly string[]): RolePermissions {
  const empty = emptyPermissions();
  const backup = products.includes('backup');
  const devops = products.includes('devOps');
  return {
    licenses: {
      ...(p.licenses.roleId ? { roleId: p.licenses.roleId } : {}),
      backupFullAccess: backup && p.licenses.backupFullAccess,
      devopsFullAccess: devops && p.licenses.devopsFullAccess,
      devopsReadAccess: devops && p.licenses.devopsReadAccess,
    },
    dbr: backup ? p.dbr : empty.dbr,
    devops: devops ? p.devops : empty.devops,
  };
}
