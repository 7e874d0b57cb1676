import Stack from '@mui/material/Stack';
import { type Application, applicationEndpoints, TOASTS } from '@skyvault/contract';
import { useWatch } from 'react-hook-form';
import { PageHeader } from '../../components/PageHeader';
import { FormActions } from '../../components/screens/FormActions';
import { LoadBeforeEdit } from '../../components/screens/LoadBeforeEdit';
import { ItemPage } from '../../components/screens/missingItem';
import { useLeaveWithToast } from '../../components/screens/useLeaveAfterDelete';
import { useApiForm } from '../../components/useApiForm';
import { toConnectedApp, toConnectedApps } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import {
  AppInformationSection,
  AuthorizedUrlsSection,
  OAuthSection,
  TokenLifetimesSection,
} from './ApplicationFormSections';
import { applicationFormValues, applicationResolver, nameLongEnough } from './applicationForm';
import { useApplication, useUpdateApplication } from './applications.queries';

/** Edit one Connected App (SPEC.md §2): a missing id goes to the list. */
export function ConnectedAppEditPage() {
  return (
    <ItemPage param="applicationId" list={toConnectedApps()}>
      {(id) => <ConnectedAppEdit id={id} />}
    </ItemPage>
  );
}

/** Loads the app, then shows its form; a failed load goes back to the list (SPEC.md §8). */
export function ConnectedAppEdit({ id }: { id: string }) {
  const query = useApplication(id);
  return (
    <LoadBeforeEdit
      item={query.data}
      loads={[query]}
      leaveWhen="failed"
      list={toConnectedApps()}
      noun="connected app"
      title="Edit Connected App"
      back={toConnectedApp(id)}
      backLabel="Back to the Connected App"
      rows={3}
      maxWidth={720}
    >
      {(app) => <ConnectedAppEditForm app={app} />}
    </LoadBeforeEdit>
  );
}

/**
 * Name, multi-tenant mode, flows and scopes, authorized URLs and token lifetimes, validated with the
 * contract's schema as the API validates them. Save is enabled while the name is longer than 3
 * characters (SPEC.md §2).
 */
function ConnectedAppEditForm({ app }: { app: Application }) {
  const leaveWithToast = useLeaveWithToast();
  const update = useUpdateApplication();
  const id = app.id;
  const { form, onSubmit, busy } = useApiForm({
    // Opened by its address without applications:write: shown, not changed (FormActions says why).
    readOnly: !useCan()(applicationEndpoints.update),
    resolver: applicationResolver,
    mode: 'onTouched',
    defaultValues: applicationFormValues(app),
    // The server names nested fields by their dotted path; those go next to their fields too.
    send: (body) => update.mutateAsync({ id, body }),
    onSent: () => leaveWithToast(TOASTS.applicationUpdated, toConnectedApp(id)),
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const canSave = nameLongEnough(name);

  return (
    <>
      <PageHeader
        title={`Edit Connected App: ${app.name}`}
        back={toConnectedApp(id)}
        backLabel="Back to the Connected App"
      />
      <Stack
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Edit Connected App"
        sx={{ gap: 3, maxWidth: 720 }}
      >
        <AppInformationSection form={form} />
        <OAuthSection form={form} />
        <AuthorizedUrlsSection form={form} />
        <TokenLifetimesSection form={form} />
        <FormActions
          endpoint={applicationEndpoints.update}
          cancelTo={toConnectedApp(id)}
          busy={busy}
          disabled={!canSave}
          dirty={form.formState.isDirty}
        />
      </Stack>
    </>
  );
}
