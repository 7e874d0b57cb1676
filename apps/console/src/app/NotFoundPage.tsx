import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { RouterLink } from '../components/RouterLink';
import { routes } from '../core/paths/routes';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        title="There is no page at this address"
        action={<RouterLink to={routes.home}>Go to the start page</RouterLink>}
      />
    </>
  );
}
