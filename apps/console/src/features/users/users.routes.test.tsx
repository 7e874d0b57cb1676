import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adoptEarlyReads, startEarlyReads } from '../../core/api/earlyReads';
import { createQueryClient } from '../../core/queryClient';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace } from '../../test/users.fixtures';
import { UsersPage } from './UsersPage';
import { usersRoutes } from './users.routes';

describe('the Users screen opened cold', () => {
  it('has its page read beside its code, with the filters of the address, and draws it without asking again', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/users': { body: { users: [grace], total: 26, next: null } },
    });
    const address =
      '?status=WaitConfirmation&admin=false&mfa=enrolled&sort=name&order=asc&page=2&pageSize=25&search=grace';
    await startEarlyReads(usersRoutes, '/users', address);
    const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/users?'));
    expect(listCalls()).toHaveLength(1);
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      limit: '25',
      offset: '25',
      searchText: 'grace',
      searchBy: 'user',
      status: 'WaitConfirmation',
      isAdmin: 'false',
      mfa: 'enrolled',
      sort: 'name',
      order: 'ASC',
    });

    // The console's own query client: its reads are fresh for a while, so the screen does not ask again.
    const queryClient = createQueryClient(vi.fn());
    adoptEarlyReads(queryClient);
    renderWithProviders(<UsersPage />, { path: '/users', url: `/users${address}`, queryClient });
    // The first render has the rows: the screen's query is the one the early read filled.
    expect(within(screen.getByRole('table', { name: 'Users' })).getByText(grace.email)).toBeInTheDocument();
    expect(listCalls()).toHaveLength(1);
  });
});
