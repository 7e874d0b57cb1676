import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type EffectivePermissions,
  LICENSE_LEVEL_LABELS,
  PIPELINE_ACCESS_LABELS,
  PRODUCT_LABELS,
  PULL_REQUEST_ACCESS_LABELS,
} from '@skyvault/contract';
import {
  BACKUP_RIGHTS,
  type BackupRight,
  DEVOPS_RIGHTS,
  type DevopsRight,
  RIGHT_LABELS,
} from '../../core/connectionRights';
import { useUserPermissions } from './users.queries';

/** "Org A: Restore, Export" — the rights a connection row grants, or that it grants none. */
function connectionLine(
  name: string,
  row: Record<string, unknown>,
  rights: readonly (BackupRight | DevopsRight)[],
) {
  const granted = rights.filter((right) => row[right] === true).map((right) => RIGHT_LABELS[right]);
  return `${name}: ${granted.length > 0 ? granted.join(', ') : 'no rights'}`;
}

function Section({ title, lines }: { title: string; lines: string[] }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{title}</Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Stack>
  );
}

function describe(permissions: EffectivePermissions) {
  const sections: { title: string; lines: string[] }[] = [];
  if (permissions.backup) {
    const { licensed, connections } = permissions.backup;
    sections.push({
      title: PRODUCT_LABELS.backup,
      lines: licensed
        ? [
            `Licence: ${LICENSE_LEVEL_LABELS.full}`,
            ...connections.map((c) => connectionLine(c.name, c, BACKUP_RIGHTS)),
          ]
        : ['No access'],
    });
  }
  if (permissions.devOps) {
    const { level, pullRequests, pipelines, connections } = permissions.devOps;
    sections.push({
      title: PRODUCT_LABELS.devOps,
      lines: level
        ? [
            `Licence: ${LICENSE_LEVEL_LABELS[level]}`,
            `Pull requests: ${PULL_REQUEST_ACCESS_LABELS[pullRequests]}`,
            `Pipelines: ${PIPELINE_ACCESS_LABELS[pipelines]}`,
            ...connections.map((c) => connectionLine(c.name, c, DEVOPS_RIGHTS)),
          ]
        : ['No access'],
    });
  }
  return sections;
}

/**
 * What the user may do in each service through their group's role: the answer the Backup and DevOps
 * services act on, shown so that an administrator can check a group and role set-up.
 */
export function UserPermissionsCard({ userId }: { userId: string }) {
  const permissions = useUserPermissions(userId).data;
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mt: 2 }}
      aria-busy={!permissions}
      aria-labelledby="effective-permissions"
    >
      <Typography
        id="effective-permissions"
        variant="h2"
        sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}
      >
        Effective permissions
      </Typography>
      {!permissions ? (
        <Skeleton variant="text" width={240} />
      ) : !permissions.roleId ? (
        <Typography color="text.secondary">
          No group with a role: this user has no access to the services.
        </Typography>
      ) : (
        <Stack spacing={2}>
          {describe(permissions).map((section) => (
            <Section key={section.title} {...section} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
