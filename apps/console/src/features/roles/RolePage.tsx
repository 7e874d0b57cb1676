import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Role } from '@skyvault/contract';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../app/layout/PageHeader';
import { useSessionUser } from '../../app/session/SessionContext';
import { formatDate } from '../../components/formatDate';
import { enabledProducts } from '../licenses/licenseProducts';
import { DeleteRoleButton } from './DeleteRoleButton';
import { ProductPermissions } from './ProductPermissions';
import { ProductTabs } from './ProductTabs';
import { RoleLoadFailed } from './RoleLoadFailed';
import { useRole, useRolePermissions } from './roles.queries';
import { toRoleEdit, toRoles } from './roles.routes';

/** /roles/:roleId: the role and, a tab per product the tenant has, what it grants (SPEC.md §2 Roles). */
export function RolePage() {
  const { roleId } = useParams();
  if (!roleId) return <Navigate to={toRoles()} replace />;
  return <RoleDetails id={roleId} />;
}

export function RoleDetails({ id }: { id: string }) {
  const products = enabledProducts(useSessionUser().services);
  const role = useRole(id);
  const permissions = useRolePermissions(id);
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

function RoleInfo({ role }: { role: Role | undefined }) {
  const value = (text: (loaded: Role) => string) =>
    role ? text(role) : <Skeleton variant="text" width={160} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }} aria-busy={!role}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
          '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
        }}
      >
        <dt>Name</dt>
        <dd>{value((loaded) => loaded.name)}</dd>
        <dt>Description</dt>
        <dd>{value((loaded) => loaded.description || '—')}</dd>
        <dt>Updated At</dt>
        <dd>{value((loaded) => formatDate(loaded.updatedAt))}</dd>
        <dt>Created At</dt>
        <dd>{value((loaded) => formatDate(loaded.createdAt))}</dd>
      </Box>
    </Paper>
  );
}
