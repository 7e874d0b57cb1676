import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { CONFIRMATIONS, type Role, roleEndpoints, TOASTS } from '@skyvault/contract';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { ProductTabs } from '../../components/ProductTabs';
import { DeleteButton } from '../../components/screens/DeleteButton';
import { DetailsScreen } from '../../components/screens/DetailsScreen';
import { ItemPage } from '../../components/screens/missingItem';
import { enabledProducts } from '../../core/licenseProducts';
import { toRoleEdit, toRoles } from '../../core/paths/links';
import { useSessionUser } from '../../core/session/SessionContext';
import { ProductPermissions } from './ProductPermissions';
import { useDeleteRole, useRole, useRolePermissions } from './roles.queries';

/** /roles/:roleId: the role and, a tab per product the tenant has, what it grants (SPEC.md §2 Roles). */
export function RolePage() {
  return (
    <ItemPage param="roleId" list={toRoles()}>
      {(id) => <RoleDetails id={id} />}
    </ItemPage>
  );
}

const ROLE_FIELDS: DetailsField<Role>[] = [
  { label: 'Name', value: (role) => role.name },
  { label: 'Description', value: (role) => role.description || '—' },
  { label: 'Updated At', value: (role) => formatDate(role.updatedAt) },
  { label: 'Created At', value: (role) => formatDate(role.createdAt) },
];

/** A role that does not exist goes to the list; other failures stay, with their toast (SPEC.md §8). */
export function RoleDetails({ id }: { id: string }) {
  const products = enabledProducts(useSessionUser().services);
  const role = useRole(id);
  const permissions = useRolePermissions(id);
  const remove = useDeleteRole();

  return (
    <DetailsScreen
      query={role}
      alsoLoads={[permissions]}
      leaveWhen="missing"
      list={toRoles()}
      noun="Role"
      name={(loaded) => loaded.name}
      backLabel="Back to Roles"
      history={{ resourceType: 'role', resourceId: id }}
      actions={() => (
        <DeleteButton
          endpoint={roleEndpoints.remove}
          id={id}
          remove={remove}
          confirmation={CONFIRMATIONS.deleteRole}
          deleted={TOASTS.roleDeleted}
          list={toRoles()}
        />
      )}
      edit={toRoleEdit(id)}
      editEndpoint={roleEndpoints.update}
    >
      <Stack sx={{ gap: 2 }}>
        <DetailsCard item={role.data} fields={ROLE_FIELDS} />
        {permissions.data ? (
          <ProductTabs products={products}>
            {(product) => <ProductPermissions product={product} permissions={permissions.data} />}
          </ProductTabs>
        ) : (
          <Skeleton variant="rounded" height={240} aria-label="Loading" />
        )}
      </Stack>
    </DetailsScreen>
  );
}
