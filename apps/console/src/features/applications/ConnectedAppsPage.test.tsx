import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { disabledApp, listItem, portal } from './applications.fixtures';
import { ConnectedAppsPage } from './ConnectedAppsPage';

const rows = [listItem(portal), listItem(disabledApp)];
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

function renderList(list: FetchRoute = { body: { applications: rows, total: 2 } }, extra = {}) {
  const fetchMock = stubFetch({ 'GET /api/v1/applications': list, ...extra });
  const rendered = renderWithProviders(<ConnectedAppsPage />, { path: '/applications' });
  const asked = () =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
      .map(([url]) => new URL(String(url), 'http://localhost').searchParams);
  return { ...rendered, fetchMock, asked };
}

describe('ConnectedAppsPage', () => {
  it('lists the apps: name links, masked client id and secret, status, dates; 10 a page', async () => {
    const { asked } = renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Connected Apps' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Connected Apps' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Client Id', 'Client Secret', 'Status', 'Updated At', 'Created At']);
    expect(await screen.findByRole('link', { name: 'Customer Portal' })).toHaveAttribute(
      'href',
      `/applications/${portal.id}`,
    );
    const row = rowOf('Customer Portal');
    expect(within(row).getByText('cl_8••••••••93a4')).toBeInTheDocument();
    expect(within(row).getByText('sec_••••••••9pAb')).toBeInTheDocument();
    expect(within(row).queryByText(portal.clientSecret)).not.toBeInTheDocument();
    expect(within(row).getByText('Active').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(rowOf('Billing')).getByText('Disabled').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    expect(within(row).getByText('March 5, 2025 at 09:30')).toBeInTheDocument();
    expect(within(row).getByText('March 4, 2025 at 14:05')).toBeInTheDocument();
    expect(asked()[0]!.get('limit')).toBe('10');
    expect(asked()[0]!.get('offset')).toBe('0');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search for value',
    );
  });

  it('copies the whole client secret on click, with the short toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy client secret of Customer Portal' }));
    expect(writeText).toHaveBeenCalledWith(portal.clientSecret);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
  });

  it('searches on the server only once typing has paused for 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock, asked, router } = renderList();
    await screen.findByRole('link', { name: 'Customer Portal' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.input(search, { target: { value: 'bil' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.input(search, { target: { value: 'bill' } });
    act(() => vi.advanceTimersByTime(499));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(asked()).toHaveLength(2));
    expect(asked()[1]!.get('searchText')).toBe('bill');
    expect(asked()[1]!.get('offset')).toBe('0');
    expect(router.state.location.search).toBe('?search=bill');
  });

  it('pages on the server', async () => {
    const many = { body: { applications: rows, total: 23 } };
    const { asked, router } = renderList(many);
    await screen.findByText('1–10 of 23');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(asked().at(-1)?.get('offset')).toBe('10'));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
  });

  it('explains connected apps when there are none yet', async () => {
    renderList({ body: { applications: [], total: 0 } });
    expect(await screen.findByText('No connected apps yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create' })).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the table when a search finds nothing', async () => {
    const { router } = renderList({ body: { applications: [], total: 0 } });
    await act(() => router.navigate('/applications?search=zzz'));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByText('No connected apps yet')).not.toBeInTheDocument();
  });
});

describe('Create Connected App', () => {
  const openDialog = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    return screen.findByRole('dialog', { name: 'Create Connected App' });
  };
  const typeName = (dialog: HTMLElement, name: string) =>
    fireEvent.input(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: name } });

  it('checks the name with the contract rules, then creates and reloads the list', async () => {
    const sent: unknown[] = [];
    const { asked } = renderList(undefined, {
      'POST /api/v1/applications': (init: RequestInit | undefined) => {
        sent.push(JSON.parse(String(init?.body)));
        return { status: 201, body: { ...portal, name: 'New Portal' } };
      },
    });
    const dialog = await openDialog();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const create = within(dialog).getByRole('button', { name: 'Create' });

    fireEvent.click(create);
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    typeName(dialog, 'abc');
    fireEvent.click(create);
    expect(await within(dialog).findByText('Name should have at least 4 symbols')).toBeInTheDocument();
    typeName(dialog, 'x'.repeat(65));
    fireEvent.click(create);
    expect(await within(dialog).findByText('Name should have less than 64 symbols')).toBeInTheDocument();
    typeName(dialog, '<b>Portal</b>');
    fireEvent.click(create);
    expect(
      await within(dialog).findByText(
        'Name should contain only letters, digits, spaces and "-", "_" symbols',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    const listCalls = asked().length;
    typeName(dialog, '  New Portal ');
    fireEvent.click(create);
    expect(await screen.findByText('Application was successfully created')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'New Portal' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(asked().length).toBeGreaterThan(listCalls));
  });

  it("shows the server's message for a taken name next to the field", async () => {
    const taken = 'A connected app with this name already exists';
    renderList(undefined, {
      'POST /api/v1/applications': apiError(409, 'CONFLICT', taken, { name: taken }),
    });
    const dialog = await openDialog();
    typeName(dialog, 'Customer Portal');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Connected App' })).toBeInTheDocument();
  });

  it('closes without creating', async () => {
    renderList();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
