import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type EffectivePermissions,
  LICENSE_LEVEL_LABELS,
  PIPELINE_ACCESS_LABELS,
  PULL_REQUEST_ACCESS_LABELS,
  permissionEndpoints,
} from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { userKeys } from './users.queries';

const RIGHTS = {
  backup: [
    ['backupAndArchive', 'Backup & Archive'],
    ['restore', 'Restore'],
    ['export', 'Export'],
    ['appSettings', 'App settings'],
  ],
  devOps: [
    ['retrieve', 'Retrieve'],
    ['validate', 'Validate'],
    ['deploy', 'Deploy'],
  ],
} as const;

/** "Org A: Restore, Export" — the rights a connection row grants, or that it grants none. */
function connectionLine(
  name: string,
  row: Record<string, unknown>,
  rights: readonly (readonly [string, string])[],
) {
  const granted = rights.filter(([key]) => row[key] === true).map(([, label]) => label);
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
      title: 'Backup & Archive',
      lines: licensed
        ? ['Licence: Full access', ...connections.map((c) => connectionLine(c.name, c, RIGHTS.backup))]
        : ['No access'],
    });
  }
  if (permissions.devOps) {
    const { level, pullRequests, pipelines, connections } = permissions.devOps;
    sections.push({
      title: 'DevOps',
      lines: level
        ? [
            `Licence: ${LICENSE_LEVEL_LABELS[level]}`,
            `Pull requests: ${PULL_REQUEST_ACCESS_LABELS[pullRequests]}`,
            `Pipelines: ${PIPELINE_ACCESS_LABELS[pipelines]}`,
            ...connections.map((c) => connectionLine(c.name, c, RIGHTS.devOps)),
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
  const query = useQuery({
    queryKey: [...userKeys.detail(userId), 'permissions'],
    queryFn: ({ signal }) => callApi(permissionEndpoints.ofUser, { params: { id: userId }, signal }),
  });
  const permissions = query.data;
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
