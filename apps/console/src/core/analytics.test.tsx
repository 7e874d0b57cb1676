import { ANALYTICS_REFRESH_MS } from '@skyvault/contract';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetchStub';
import { adminUser } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { useAnalytics } from './analytics';

// The analytics library itself is replaced: this checks what the console tells it.
const posthog = vi.hoisted(() => ({
  created: vi.fn(),
  identify: vi.fn(),
  capture: vi.fn(),
  reset: vi.fn(),
}));
vi.mock('posthog-js-lite', () => ({
  default: class {
    constructor(token: string, options: object) {
      posthog.created(token, options);
    }
    identify = posthog.identify;
    capture = posthog.capture;
    reset = posthog.reset;
  },
}));

function Tracked() {
  useAnalytics(adminUser);
  return <p>screen</p>;
}

describe('analytics', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('identifies the user by e-mail and tenant, sends page views, and re-identifies every 15 minutes', async () => {
    // Fake clocks that still move on their own, so that promises and waitFor keep working.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({
      'GET /api/analytics': {
        body: { token: 'phc_test', host: 'https://eu.i.posthog.com', isEnabled: true },
      },
    });
    const { router } = renderWithProviders(<Tracked />, { path: '/users' });

    await waitFor(() =>
      expect(posthog.identify).toHaveBeenCalledWith('ada@example.com', {
        email: 'ada@example.com',
        tenant: 'acme',
      }),
    );
    expect(posthog.created).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({ host: 'https://eu.i.posthog.com', personProfiles: 'identified_only' }),
    );
    await waitFor(() => expect(posthog.capture).toHaveBeenCalledWith('$pageview', { $pathname: '/users' }));

    const before = posthog.identify.mock.calls.length;
    await act(async () => {
      vi.advanceTimersByTime(ANALYTICS_REFRESH_MS);
    });
    await waitFor(() => expect(posthog.identify.mock.calls.length).toBeGreaterThan(before));
    expect(router.state.location.pathname).toBe('/users');
  });

  it('loads nothing when the server says analytics is off', async () => {
    const fetchMock = stubFetch({
      'GET /api/analytics': { body: { token: '', host: '', isEnabled: false } },
    });
    renderWithProviders(<Tracked />, { path: '/users' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(posthog.created).not.toHaveBeenCalled();
    expect(posthog.identify).not.toHaveBeenCalled();
  });
});
