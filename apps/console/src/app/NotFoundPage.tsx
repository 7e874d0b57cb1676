import { EmptyState } from '../components/EmptyState';
import { RouterLink } from '../components/RouterLink';
import { PageHeader } from './layout/PageHeader';
import { routes } from './routes';

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
