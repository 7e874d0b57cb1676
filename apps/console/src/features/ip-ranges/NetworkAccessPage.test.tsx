import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { lab, office } from './ip-ranges.fixtures';
import { NetworkAccessPage } from './NetworkAccessPage';

describe('NetworkAccessPage', () => {
  it('lists every range on one page, with a link to each, its addresses and dates', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/ip-ranges': { body: { ipRanges: [office, lab], total: 2, yourAddress: '198.51.100.7' } },
    });
    renderWithProviders(<NetworkAccessPage />, { path: '/ip-ranges' });

    expect(screen.getByRole('heading', { level: 1, name: 'Network Access' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'IP ranges' });
    expect(await within(table).findByRole('link', { name: 'Head office' })).toHaveAttribute(
      'href',
      `/ip-ranges/${office.id}`,
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Start IP address', 'End IP address', 'Updated At', 'Created At']);
    expect(within(table).getByText('2001:db8:1::ffff')).toBeInTheDocument();
    expect(within(table).getByText('March 5, 2025 at 09:30')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    // Not paginated: the call asks for no page.
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').searchParams;
    expect([...asked.keys()]).toEqual([]);
  });

  it('explains that every address may sign in while there is no range', async () => {
    stubFetch({ 'GET /api/v1/ip-ranges': { body: { ipRanges: [], total: 0, yourAddress: '198.51.100.7' } } });
    renderWithProviders(<NetworkAccessPage />, { path: '/ip-ranges' });

    expect(await screen.findByText('No IP ranges yet')).toBeInTheDocument();
    expect(screen.getByText(/may sign in from any address/)).toBeInTheDocument();
    expect(screen.getByText('198.51.100.7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches names and addresses on the server once typing pauses', async () => {
    let calls = 0;
    // The first call lists both ranges; the search finds none.
    const fetchMock = stubFetch({
      'GET /api/v1/ip-ranges': () => ({
        body:
          calls++ === 0
            ? { ipRanges: [office, lab], total: 2, yourAddress: '198.51.100.7' }
            : { ipRanges: [], total: 0, yourAddress: '198.51.100.7' },
      }),
    });
    const { router } = renderWithProviders(<NetworkAccessPage />, { path: '/ip-ranges' });
    await screen.findByRole('link', { name: 'Head office' });

    fireEvent.input(screen.getByRole('searchbox', { name: 'Search IP ranges' }), {
      target: { value: '10.8.' },
    });
    await waitFor(
      () =>
        expect(
          new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('searchText'),
        ).toBe('10.8.'),
      { timeout: 2000 },
    );
    expect(router.state.location.search).toBe('?search=10.8.');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByText('No IP ranges yet')).not.toBeInTheDocument();
  });

  it('opens the create dialog from the Create button', async () => {
    stubFetch({ 'GET /api/v1/ip-ranges': { body: { ipRanges: [], total: 0, yourAddress: '198.51.100.7' } } });
    renderWithProviders(<NetworkAccessPage />, { path: '/ip-ranges' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create IP range' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });
});
