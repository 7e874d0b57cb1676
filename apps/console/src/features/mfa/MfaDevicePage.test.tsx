import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MfaDeviceDetails } from './MfaDevicePage';
import { mfaKeys } from './mfa.queries';

const ID = '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b';
const device = {
  id: ID,
  name: 'Work-phone',
  status: 'WaitConfirmation',
  createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  updatedAt: new Date(2025, 2, 5, 9, 30).toISOString(),
};

describe('MfaDeviceDetails', () => {
  it('shows the device: name in the title, status, dates, the way back and to Edit', async () => {
    stubFetch({ [`GET /api/v1/mfa/${ID}`]: { body: device } });
    renderWithProviders(<MfaDeviceDetails id={ID} />, { path: `/mfa/${ID}` });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'MFA Device: Work-phone' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Wait confirmation')).toBeInTheDocument();
    expect(screen.getByText('March 4, 2025 at 14:05')).toBeInTheDocument();
    expect(screen.getByText('March 5, 2025 at 09:30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to MFA Devices' })).toHaveAttribute('href', '/mfa');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/mfa/${ID}/edit`);
    // Why Enable is unavailable, and what to do instead.
    expect(screen.getByText(/has not been confirmed with a code yet/)).toBeInTheDocument();
  });

  it('goes back to the list when the device cannot be loaded', async () => {
    stubFetch({
      [`GET /api/v1/mfa/${ID}`]: apiError(404, 'NOT_FOUND', 'MFA device not found.'),
    });
    const { router } = renderWithProviders(<MfaDeviceDetails id={ID} />, { path: `/mfa/${ID}` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mfa'));
  });

  it('leaves an ended session to the shared handler', async () => {
    stubFetch({
      [`GET /api/v1/mfa/${ID}`]: apiError(401, 'INVALID_SESSION_EXCEPTION', 'Session expired'),
    });
    const { router, queryClient } = renderWithProviders(<MfaDeviceDetails id={ID} />, { path: `/mfa/${ID}` });
    await waitFor(() => expect(queryClient.getQueryState(mfaKeys.detail(ID))?.status).toBe('error'));
    expect(router.state.location.pathname).toBe(`/mfa/${ID}`);
    expect(screen.getByRole('heading', { level: 1, name: 'MFA Device' })).toBeInTheDocument();
  });
});
