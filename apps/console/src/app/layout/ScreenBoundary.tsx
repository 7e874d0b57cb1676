import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Component, type ReactNode, Suspense } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { RetryButton } from '../../components/RetryButton';

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Catches a screen that fails to render or whose code fails to load (typically a new release replaced
 * the files an open tab expects); reloading fetches the current ones. The layout around it stays usable.
 */
class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  // Navigating elsewhere gives the next screen a fresh start; a working screen is never remounted.
  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box sx={{ maxWidth: 480, mx: 'auto', mt: 8 }}>
        <EmptyState
          title="Something went wrong"
          description="This screen could not be shown. Reloading the page usually helps."
          action={<RetryButton onClick={() => window.location.reload()}>Reload the page</RetryButton>}
        />
      </Box>
    );
  }
}

function ScreenLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress size={32} aria-label="Loading" />
    </Box>
  );
}

/**
 * Where a layout shows its current screen: screens are loaded on demand, and one that fails is
 * contained. After a failure, a change of `resetKey` (the path) tries again.
 */
export function ScreenBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <ScreenErrorBoundary resetKey={resetKey}>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </ScreenErrorBoundary>
  );
}
