import Stack from '@mui/material/Stack';
import {
  PIPELINE_ACCESS_LABELS,
  type PipelineAccess,
  PULL_REQUEST_ACCESS_LABELS,
  type PullRequestAccess,
  type RolePermissions,
} from '@skyvault/contract';
import { RadioField } from './RadioField';
import {
  devopsLevelOf,
  pipelineOptions,
  pullRequestOptions,
  setPipelines,
  setPullRequests,
} from './rolePermissionsForm';
import { SectionCard } from './SectionCard';

/** DevOps pipelines and pull-request access; with Read access only the first option of each is offered. */
export function CommonPermissionsCard({
  permissions,
  onChange,
}: {
  permissions: RolePermissions;
  onChange?: (next: RolePermissions) => void;
}) {
  const level = devopsLevelOf(permissions);
  const { pipelines, pullRequests } = permissions.devops.permissions;
  return (
    <SectionCard title="Common permissions">
      <Stack sx={{ gap: 2 }}>
        <RadioField<PipelineAccess>
          label="Pipelines"
          value={pipelines}
          options={pipelineOptions(level)}
          optionLabels={PIPELINE_ACCESS_LABELS}
          onChange={onChange && ((value) => onChange(setPipelines(permissions, value)))}
        />
        <RadioField<PullRequestAccess>
          label="Pull requests"
          value={pullRequests}
          options={pullRequestOptions(level)}
          optionLabels={PULL_REQUEST_ACCESS_LABELS}
          onChange={onChange && ((value) => onChange(setPullRequests(permissions, value)))}
        />
      </Stack>
    </SectionCard>
  );
}
