import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { IpRangeDetails } from './IpRangePage';
import { OFFICE_ID, office } from './ip-ranges.fixtures';
import { ipRangeKeys } from './ip-ranges.queries';

const path = `/ip-ranges/${OFFICE_ID}`;

describe('IpRangeDetails', () => {
  it('shows the range with the way back, Edit and Delete', async () => {
    stubFetch({ [`GET /api/v1/ip-ranges/${OFFICE_ID}`]: { body: office } });
    renderWithProviders(<IpRangeDetails id={OFFICE_ID} />, { path });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'IP range: Head office' }),
    ).toBeInTheDocument();
    expect(screen.getByText('198.51.100.0')).toBeInTheDocument();
    expect(screen.getByText('198.51.100.255')).toBeInTheDocument();
    expect(screen.getByText('March 4, 2025 at 14:05')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Network Access' })).toHaveAttribute(
      'href',
      '/ip-ranges',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('opens the Edit dialog with the current values', async () => {
    stubFetch({ [`GET /api/v1/ip-ranges/${OFFICE_ID}`]: { body: office } });
    const user = userEvent.setup();
    renderWithProviders(<IpRangeDetails id={OFFICE_ID} />, { path });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit IP range' });
    expect(within(dialog).getByRole('textbox', { name: 'Start IP address' })).toHaveValue('198.51.100.0');
  });

  it('deletes after confirmation, says so and goes back to the list', async () => {
    const fetchMock = stubFetch({
      [`GET /api/v1/ip-ranges/${OFFICE_ID}`]: { body: office },
      [`DELETE /api/v1/ip-ranges/${OFFICE_ID}`]: { status: 204 },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<IpRangeDetails id={OFFICE_ID} />, { path });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm deletion of this IP range?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm deletion of this IP range?' })).getByRole(
        'button',
        {
          name: 'Delete',
        },
      ),
    );
    expect(await screen.findByText('Permitted IP was successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ip-ranges'));
  });

  it('stays on a refused delete, leaving the explanation to the shared handler', async () => {
    stubFetch({
      [`GET /api/v1/ip-ranges/${OFFICE_ID}`]: { body: office },
      [`DELETE /api/v1/ip-ranges/${OFFICE_ID}`]: apiError(409, 'IP_RANGE_LOCKOUT', 'Would block you'),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<IpRangeDetails id={OFFICE_ID} />, { path });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm deletion of this IP range?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('heading', { level: 1, name: 'IP range: Head office' })).toBeInTheDocument();
  });

  it('goes back to the list when the range cannot be loaded', async () => {
    stubFetch({ [`GET /api/v1/ip-ranges/${OFFICE_ID}`]: apiError(404, 'NOT_FOUND', 'IP range not found.') });
    const { router } = renderWithProviders(<IpRangeDetails id={OFFICE_ID} />, { path });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ip-ranges'));
  });

  it('leaves an error the shared handler acts on (an address outside the ranges) to it', async () => {
    stubFetch({
      [`GET /api/v1/ip-ranges/${OFFICE_ID}`]: apiError(403, 'IP_NOT_ALLOWED', 'Not from this address'),
    });
    const { router, queryClient } = renderWithProviders(<IpRangeDetails id={OFFICE_ID} />, { path });
    await waitFor(() =>
      expect(queryClient.getQueryState(ipRangeKeys.detail(OFFICE_ID))?.status).toBe('error'),
    );
    expect(router.state.location.pathname).toBe(path);
  });
});
