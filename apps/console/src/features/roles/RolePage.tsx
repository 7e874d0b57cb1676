import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Role } from '@skyvault/contract';
import { Link } from 'react-router';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { BackToList, leaveForList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { ProductTabs } from '../../components/ProductTabs';
import { enabledProducts } from '../../core/licenseProducts';
import { toRoleEdit, toRoles } from '../../core/paths/links';
import { useSessionUser } from '../../core/session/SessionContext';
import { DeleteRoleButton } from './DeleteRoleButton';
import { ProductPermissions } from './ProductPermissions';
import { RoleLoadFailed } from './RoleLoadFailed';
import { useRole, useRolePermissions } from './roles.queries';

/** /roles/:roleId: the role and, a tab per product the tenant has, what it grants (SPEC.md §2 Roles). */
export function RolePage() {
  const roleId = useItemId('roleId');
  if (!roleId) return <BackToList list={toRoles()} />;
  return <RoleDetails id={roleId} />;
}

export function RoleDetails({ id }: { id: string }) {
  const products = enabledProducts(useSessionUser().services);
  const role = useRole(id);
  const permissions = useRolePermissions(id);
  // A role that does not exist goes to the list; other failures stay, with their toast (SPEC.md §8).
  const leaving = leaveForList(toRoles(), 'missing', role, permissions);
  if (leaving) return leaving;
  const failed = role.isError || permissions.isError;

  return (
    <>
      <PageHeader
        title={role.data ? `Role: ${role.data.name}` : 'Role'}
        back={toRoles()}
        backLabel="Back to Roles"
        actions={
          role.data && (
            <>
              <DeleteRoleButton roleId={id} />
              <Button component={Link} to={toRoleEdit(id)} variant="contained" startIcon={<EditIcon />}>
                Edit
              </Button>
            </>
          )
        }
      />
      {failed ? (
        <RoleLoadFailed />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <RoleInfo role={role.data} />
          {permissions.data ? (
            <ProductTabs products={products}>
              {(product) => <ProductPermissions product={product} permissions={permissions.data} />}
            </ProductTabs>
          ) : (
            <Skeleton variant="rounded" height={240} aria-label="Loading" />
          )}
        </Stack>
      )}
    </>
  );
}

const ROLE_FIELDS: DetailsField<Role>[] = [
  { label: 'Name', value: (role) => role.name },
  { label: 'Description', value: (role) => role.description || '—' },
  { label: 'Updated At', value: (role) => formatDate(role.updatedAt) },
  { label: 'Created At', value: (role) => formatDate(role.createdAt) },
];

function RoleInfo({ role }: { role: Role | undefined }) {
  return <DetailsCard item={role} fields={ROLE_FIELDS} />;
}
