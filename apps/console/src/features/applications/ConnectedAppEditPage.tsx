import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type Application, TOASTS } from '@skyvault/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LoadBeforeEdit } from '../../components/LoadBeforeEdit';
import { BackToList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { toConnectedApp, toConnectedApps } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import {
  AppInformationSection,
  AuthorizedUrlsSection,
  OAuthSection,
  TokenLifetimesSection,
} from './ApplicationFormSections';
import { showFieldErrors } from './applicationErrors';
import {
  type ApplicationFormOutput,
  type ApplicationFormValues,
  applicationFormValues,
  applicationResolver,
  nameLongEnough,
} from './applicationForm';
import { useApplication, useUpdateApplication } from './applications.queries';

/** Edit one Connected App (SPEC.md §2): a missing id goes to the list. */
export function ConnectedAppEditPage() {
  const applicationId = useItemId('applicationId');
  if (!applicationId) return <BackToList list={toConnectedApps()} />;
  return <ConnectedAppEdit id={applicationId} />;
}

/** Loads the app, then shows its form (LoadBeforeEdit). */
export function ConnectedAppEdit({ id }: { id: string }) {
  return (
    <LoadBeforeEdit
      query={useApplication(id)}
      list={toConnectedApps()}
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
  const navigate = useNavigate();
  const update = useUpdateApplication();
  const reportError = useFormErrorReport();
  const id = app.id;
  const form = useForm<ApplicationFormValues, unknown, ApplicationFormOutput>({
    resolver: applicationResolver,
    mode: 'onTouched',
    defaultValues: applicationFormValues(app),
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const canSave = nameLongEnough(name);

  const submit = form.handleSubmit((body) =>
    update.mutate(
      { id, body },
      {
        onSuccess: () => {
          notify(TOASTS.applicationUpdated, 'success');
          // Replaced: Back from the details should not reopen a form that has been saved.
          navigate(toConnectedApp(id), { replace: true });
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) reportError(form, error);
        },
      },
    ),
  );

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
        onSubmit={submit}
        aria-label="Edit Connected App"
        sx={{ gap: 3, maxWidth: 720 }}
      >
        <AppInformationSection form={form} />
        <OAuthSection form={form} />
        <AuthorizedUrlsSection form={form} />
        <TokenLifetimesSection form={form} />
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
          <Button component={Link} to={toConnectedApp(id)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!canSave} loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </>
  );
}
