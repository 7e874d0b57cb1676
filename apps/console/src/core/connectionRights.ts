/**
 * The rights a role grants on a connection (org), per product, in column order, and their readable
 * labels (SPEC.md §6 names the fields). The role screens edit them; a user's effective permissions
 * list them.
 */
export const BACKUP_RIGHTS = ['backupAndArchive', 'restore', 'export', 'appSettings'] as const;
export const DEVOPS_RIGHTS = ['retrieve', 'validate', 'deploy'] as const;
export type BackupRight = (typeof BACKUP_RIGHTS)[number];
export type DevopsRight = (typeof DEVOPS_RIGHTS)[number];

export const RIGHT_LABELS: Record<BackupRight | DevopsRight, string> = {
  backupAndArchive: 'Backup & Archive',
  restore: 'Restore',
  export: 'Export',
  appSettings: 'App settings',
  retrieve: 'Retrieve',
  validate: 'Validate',
  deploy: 'Deploy',
};
