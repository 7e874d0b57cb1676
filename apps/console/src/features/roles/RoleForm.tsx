import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import {
  MESSAGES,
  PRODUCT_LABELS,
  productsWithoutLicenceLevel,
  type Role,
  type RoleForm as RoleFormValues,
  type RolePermissions,
  roleEndpoints,
  roleFormSchema,
  SCREEN_TITLES,
  TOASTS,
} from '@skyvault/contract';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../components/PageHeader';
import { ProductTabs, useOpenProductTab } from '../../components/ProductTabs';
import { FormActions } from '../../components/screens/FormActions';
import { useLeaveWithToast } from '../../components/screens/useLeaveAfterDelete';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { enabledProducts } from '../../core/licenseProducts';
import { toRole, toRoles } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { useSessionUser } from '../../core/session/SessionContext';
import { ProductPermissions } from './ProductPermissions';
import { RoleDetailsFields } from './RoleDetailsFields';
import { forProducts } from './rolePermissionsForm';
import { useCreateRole, useSaveRolePermissions, useUpdateRole } from './roles.queries';

export interface RoleFormProps {
  /** The role being edited; without it the form creates one. */
  role?: Role;
  initialPermissions: RolePermissions;
}

/**
 * Create and edit a role (SPEC.md §2 Roles): name and description, then a tab per enabled product.
 * Saving creates (or updates) the role, then saves its permissions, then shows its details (§4).
 */
export function RoleForm({ role, initialPermissions }: RoleFormProps) {
  const leaveWithToast = useLeaveWithToast();
  const products = enabledProducts(useSessionUser().services);
  const [permissions, setPermissions] = useState(initialPermissions);
  const [attempted, setAttempted] = useState(false);
  // Set once the role exists: when its permissions are refused after creating it, saving again updates it.
  const [savedId, setSavedId] = useState(role?.id);
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const savePermissions = useSaveRolePermissions();
  const reportError = useFormErrorReport();
  // Creating or saving is users:write's; whom it is not open to sees the role and no Save.
  const writes = role ? roleEndpoints.update : roleEndpoints.create;
  const form = useForm<RoleFormValues>({
    disabled: !useCan()(writes) || undefined,
    resolver: zodResolver(roleFormSchema),
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '' },
  });
  const openTab = useOpenProductTab();
  const pending = createRole.isPending || updateRole.isPending || savePermissions.isPending;
  // Every enabled product needs a licence level (SPEC.md §5); the banner names the first tab without one.
  const [missingLicence] = productsWithoutLicenceLevel(permissions.licenses, products);
  const licensesMissing = missingLicence !== undefined;
  const dirty = form.formState.isDirty || JSON.stringify(permissions) !== JSON.stringify(initialPermissions);
  // Cancel goes to the list when creating, to the details when editing (SPEC.md §2 Roles).
  const back = role ? toRole(role.id) : toRoles();

  const save = form.handleSubmit(async (values) => {
    if (licensesMissing) return;
    let id = savedId;
    try {
      if (id) await updateRole.mutateAsync({ id, body: values });
      else id = (await createRole.mutateAsync(values)).id;
    } catch (error) {
      reportError(form, error);
      return;
    }
    setSavedId(id);
    try {
      await savePermissions.mutateAsync({ id, body: forProducts(permissions, products) });
    } catch {
      // The shared handler has shown why; the form keeps what the user chose so they can fix it.
      return;
    }
    leaveWithToast(role ? TOASTS.roleUpdated : TOASTS.roleCreated, toRole(id));
  });

  const submit = (event: FormEvent) => {
    setAttempted(true);
    // The tab that still needs its licence level opens, so that the choice is in sight.
    if (missingLicence) openTab(missingLicence);
    void save(event);
  };

  return (
    <>
      <PageHeader
        title={role ? `${SCREEN_TITLES.editRole}: ${role.name}` : SCREEN_TITLES.createRole}
        back={back}
        backLabel={role ? 'Back to the role' : 'Back to Roles'}
      />
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={role ? SCREEN_TITLES.editRole : 'Create role'}
        sx={{ gap: 2 }}
      >
        {attempted && missingLicence && (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => openTab(missingLicence)}>
                Open {PRODUCT_LABELS[missingLicence]}
              </Button>
            }
          >
            {MESSAGES.licensesRequired} {MESSAGES.licensesRequiredIn(PRODUCT_LABELS[missingLicence])}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
          <RoleDetailsFields form={form} disabled={pending} />
        </Paper>
        <ProductTabs products={products}>
          {(product) => (
            <ProductPermissions product={product} permissions={permissions} onChange={setPermissions} />
          )}
        </ProductTabs>
        <FormActions
          endpoint={writes}
          cancelTo={back}
          busy={pending}
          submitLabel={role ? 'Save' : 'Create'}
          dirty={dirty}
        />
      </Stack>
    </>
  );
}
