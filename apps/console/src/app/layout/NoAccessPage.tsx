import { PERMISSION_DESCRIPTIONS, type Permission } from '@skyvault/contract';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { routes } from '../../core/paths/routes';

export const NO_ACCESS_TITLE = 'You do not have access to this page';

/** What the page says is missing: the permission by its name and by what it lets one do. */
export const noAccessReason = (permission: Permission): string => {
  const description = PERMISSION_DESCRIPTIONS[permission];
  return `This page needs the ${permission} permission (${description.charAt(0).toLowerCase()}${description.slice(1)}), which your administrator roles do not give.`;
};

/**
 * In place of a screen the administrator's roles do not let them read (an address typed, bookmarked or
 * shared): what is missing and the way home, instead of the screen's refused reads.
 */
export function NoAccessPage({ permission }: { permission: Permission }) {
  return (
    <>
      <PageHeader title={NO_ACCESS_TITLE} />
      <EmptyState
        title={noAccessReason(permission)}
        description="An Owner can grant you a role that has it."
        action={<RouterLink to={routes.home}>Go to the start page</RouterLink>}
      />
    </>
  );
}
