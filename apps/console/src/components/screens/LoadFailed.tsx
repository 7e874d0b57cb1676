import { EmptyState } from '../EmptyState';
import { RetryButton } from '../RetryButton';

/**
 * Where a screen's content would be when its load failed and the screen stays: the shared handler's
 * toast has told why (SPEC.md §8), this offers to ask again.
 */
export function LoadFailed({
  what,
  description,
  onRetry,
}: {
  what: string;
  description?: string;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      title={`The ${what} could not be loaded`}
      description={description}
      action={<RetryButton onClick={onRetry}>Try again</RetryButton>}
    />
  );
}
