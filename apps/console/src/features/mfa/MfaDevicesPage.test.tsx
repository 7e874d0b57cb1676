import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MfaDevicesPage } from './MfaDevicesPage';
import { mfaPageAnswers } from './mfa.fixtures';

const devices = [
  {
    id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
    name: 'Work-phone',
    status: 'Enable',
    createdAt: '2025-03-04T14:05:00.000Z',
    // Local time, so the expected text holds in any time zone.
    updatedAt: new Date(2025, 2, 5, 9, 30).toISOString(),
  },
  {
    id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
    name: 'Tablet',
    status: 'WaitConfirmation',
    createdAt: '2025-03-06T08:00:00.000Z',
    updatedAt: '2025-03-06T08:00:00.000Z',
  },
];

const chipOf = (label: string) => screen.getByText(label).closest('.MuiChip-root');

describe('MfaDevicesPage', () => {
  it('lists the devices with a link to each, their status chip and dates', async () => {
    stubFetch({ ...mfaPageAnswers, 'GET /api/v1/mfa': { body: { mfa: devices, total: 2 } } });
    renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });

    expect(screen.getByRole('heading', { level: 1, name: 'MFA Devices' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'MFA Devices' });
    expect(await within(table).findByRole('link', { name: 'Work-phone' })).toHaveAttribute(
      'href',
      `/mfa/${devices[0]!.id}`,
    );
    expect(chipOf('Enabled')).toHaveClass('MuiChip-colorSuccess');
    expect(chipOf('Wait confirmation')).toHaveClass('MuiChip-colorInfo');
    expect(within(table).getByText('March 5, 2025 at 09:30')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('explains what MFA devices are when there are none yet', async () => {
    stubFetch({ ...mfaPageAnswers, 'GET /api/v1/mfa': { body: { mfa: [], total: 0 } } });
    renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });

    expect(await screen.findByText('No MFA devices yet')).toBeInTheDocument();
    expect(screen.getByText(/authenticator app on your phone/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add MFA device' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'MFA Devices' })).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and pages by 10', async () => {
    let calls = 0;
    // The first call lists both devices; the search finds none.
    const fetchMock = stubFetch({
      ...mfaPageAnswers,
      'GET /api/v1/mfa': () => ({ body: calls++ === 0 ? { mfa: devices, total: 2 } : { mfa: [], total: 0 } }),
    });
    const { router } = renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });
    await screen.findByRole('link', { name: 'Work-phone' });
    const asked = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname === '/api/v1/mfa')
        .map((url) => url.searchParams);
    expect(asked()[0]!.get('limit')).toBe('10');
    expect(asked()[0]!.get('offset')).toBe('0');

    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'phone' } });
    expect(asked()).toHaveLength(1);
    await waitFor(() => expect(asked().at(-1)?.get('searchText')).toBe('phone'), { timeout: 2000 });
    expect(router.state.location.search).toBe('?search=phone');
    // Nothing found is not the same as no devices at all: the table stays, saying so.
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByText('No MFA devices yet')).not.toBeInTheDocument();
  });
});
