import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_ROLE_DEFINITIONS, type AdminRoleSource, type ResourceGrant } from '@skyvault/contract';
import { formatDate } from '../../components/formatDate';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { useEndTemporaryAccess } from './users.queries';

export const SOURCE_TEXTS = {
  title: 'Held otherwise',
  connections: 'On one connection',
  end: 'End now',
  ended: 'The access granted for a time was ended',
  throughGroup: (group: string) => `through group ${group}`,
  until: (when: string) => `until ${when}`,
} as const;

const sourceText = (source: AdminRoleSource) =>
  source.source === 'group'
    ? SOURCE_TEXTS.throughGroup(source.groupName ?? '')
    : SOURCE_TEXTS.until(formatDate(source.expiresAt));

/**
 * The roles a user holds besides their own (through their group, or until a time) and their
 * permissions on one connection; whoever may change roles ends a time-bound one early.
 */
export function RoleSourcesList({
  userId,
  sources,
  resourceGrants,
  editable,
}: {
  userId: string;
  sources: readonly AdminRoleSource[];
  resourceGrants: readonly ResourceGrant[];
  editable: boolean;
}) {
  const end = useEndTemporaryAccess(userId);
  const handleError = useErrorHandler();
  const others = sources.filter((source) => source.source !== 'direct');
  if (others.length === 0 && resourceGrants.length === 0) return null;
  const endButton = (grantId: string, name: string) =>
    editable && (
      <Button
        size="small"
        aria-label={`${SOURCE_TEXTS.end}: ${name}`}
        disabled={end.isPending}
        onClick={() =>
          end.mutate(grantId, {
            onSuccess: () => notify(SOURCE_TEXTS.ended, 'success'),
            onError: (error) => {
              if (!isHandledByErrorHandler(error)) handleError(error);
            },
          })
        }
      >
        {SOURCE_TEXTS.end}
      </Button>
    );
  const row = (key: string, text: string, detail: string, action: React.ReactNode) => (
    <Stack
      component="li"
      key={key}
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
    >
      <Typography variant="body2">
        {text}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Typography>
      {action}
    </Stack>
  );
  return (
    <Stack sx={{ gap: 0.5 }}>
      <Typography variant="subtitle2" component="h3">
        {SOURCE_TEXTS.title}
      </Typography>
      <Stack component="ul" sx={{ m: 0, pl: 2, gap: 0.5 }}>
        {others.map((source) => {
          const label = ADMIN_ROLE_DEFINITIONS[source.role].label;
          return row(
            `${source.role}-${source.source}-${source.groupId ?? source.grantId}`,
            label,
            sourceText(source),
            source.grantId ? endButton(source.grantId, label) : null,
          );
        })}
        {resourceGrants.map((grant) => {
          const name = `${grant.permission} on ${grant.resourceName ?? grant.resourceId}`;
          return row(
            grant.id,
            name,
            SOURCE_TEXTS.until(formatDate(grant.expiresAt)),
            endButton(grant.id, name),
          );
        })}
      </Stack>
    </Stack>
  );
}
