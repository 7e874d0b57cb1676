import { EmptyState } from './EmptyState';

/** Stands where a screen's content will be until that screen is built; it claims no data. */
export function ScreenPlaceholder() {
  return (
    <EmptyState
      title="Not available yet"
      description="This screen is not available in this version of the console."
    />
  );
}
