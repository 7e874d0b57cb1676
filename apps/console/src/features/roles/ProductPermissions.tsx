import Stack from '@mui/material/Stack';
import { PRODUCT_LABELS, type RolePermissions, type ServiceKey } from '@skyvault/contract';
import { useState } from 'react';
import {
  BACKUP_RIGHTS,
  type BackupRight,
  DEVOPS_RIGHTS,
  type DevopsRight,
} from '../../core/connectionRights';
import { AddConnectionsDialog } from './AddConnectionsDialog';
import { CommonPermissionsCard } from './CommonPermissionsCard';
import { ConnectionPermissionsTable } from './ConnectionPermissionsTable';
import { LicensesCard } from './LicensesCard';
import {
  addBackupConnections,
  addDevopsConnections,
  devopsLevelOf,
  removeBackupConnection,
  removeDevopsConnection,
  setBackupRight,
  setDevopsRight,
} from './rolePermissionsForm';

export interface ProductPermissionsProps {
  product: ServiceKey;
  permissions: RolePermissions;
  /** Without it everything is read-only (the details screen). */
  onChange?: (next: RolePermissions) => void;
}

/** One product's tab of a role: licence level, (DevOps) common permissions, and the connection rows. */
export function ProductPermissions({ product, permissions, onChange }: ProductPermissionsProps) {
  const [adding, setAdding] = useState(false);
  const backup = product === 'backup';
  const rows = backup ? permissions.dbr.permissions.connections : permissions.devops.permissions.connections;
  const ariaLabel = `${PRODUCT_LABELS[product]} connection permissions`;

  return (
    <Stack sx={{ gap: 2 }}>
      <LicensesCard product={product} permissions={permissions} onChange={onChange} />
      {!backup && <CommonPermissionsCard permissions={permissions} onChange={onChange} />}
      {backup ? (
        <ConnectionPermissionsTable<BackupRight>
          ariaLabel={ariaLabel}
          rights={BACKUP_RIGHTS}
          rows={permissions.dbr.permissions.connections}
          onToggle={
            onChange && ((id, right, value) => onChange(setBackupRight(permissions, id, right, value)))
          }
          onRemove={onChange && ((id) => onChange(removeBackupConnection(permissions, id)))}
          onAdd={onChange && (() => setAdding(true))}
        />
      ) : (
        <ConnectionPermissionsTable<DevopsRight>
          ariaLabel={ariaLabel}
          rights={DEVOPS_RIGHTS}
          rows={permissions.devops.permissions.connections}
          // Read access allows no retrieve, validate or deploy (SPEC.md §2 Roles).
          rightsDisabled={devopsLevelOf(permissions) === 'read'}
          onToggle={
            onChange && ((id, right, value) => onChange(setDevopsRight(permissions, id, right, value)))
          }
          onRemove={onChange && ((id) => onChange(removeDevopsConnection(permissions, id)))}
          onAdd={onChange && (() => setAdding(true))}
        />
      )}
      {onChange && (
        <AddConnectionsDialog
          open={adding}
          listedIds={rows.map((row) => row.id)}
          onAdd={(chosen) =>
            onChange(
              backup ? addBackupConnections(permissions, chosen) : addDevopsConnections(permissions, chosen),
            )
          }
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
