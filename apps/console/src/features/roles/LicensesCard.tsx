import {
  BACKUP_LICENSE_LEVELS,
  DEVOPS_LICENSE_LEVELS,
  type DevopsLicenseLevel,
  LICENSE_LEVEL_LABELS,
  type RolePermissions,
  type ServiceKey,
} from '@skyvault/contract';
import { RadioField } from './RadioField';
import { chooseBackupFullAccess, chooseDevopsLevel, devopsLevelOf } from './rolePermissionsForm';
import { SectionCard } from './SectionCard';

/** The licence level a role grants in one product: Backup 'Full access' only, DevOps full or read. */
export function LicensesCard({
  product,
  permissions,
  onChange,
}: {
  product: ServiceKey;
  permissions: RolePermissions;
  onChange?: (next: RolePermissions) => void;
}) {
  const field =
    product === 'backup' ? (
      <RadioField
        label="License level"
        value={permissions.licenses.backupFullAccess ? 'full' : null}
        options={BACKUP_LICENSE_LEVELS}
        optionLabels={LICENSE_LEVEL_LABELS}
        onChange={onChange && (() => onChange(chooseBackupFullAccess(permissions)))}
      />
    ) : (
      <RadioField
        label="License level"
        value={devopsLevelOf(permissions)}
        options={DEVOPS_LICENSE_LEVELS}
        optionLabels={LICENSE_LEVEL_LABELS}
        onChange={
          onChange && ((level: DevopsLicenseLevel) => onChange(chooseDevopsLevel(permissions, level)))
        }
      />
    );
  return <SectionCard title="Licenses">{field}</SectionCard>;
}
