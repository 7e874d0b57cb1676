import type { User } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace } from '../../test/users.fixtures';
import { UsersPage } from './UsersPage';

const person = (n: number): User => ({
  ...grace,
  id: `6d9e0f1a-2b3c-4d4e-8f5a-${String(n).padStart(12, '0')}`,
  firstName: `Person${n}`,
  email: `person${n}@example.com`,
});

describe('UsersPage', () => {
  it('asks the page after one on screen by key (`after`), and a page opened by link by offset', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/users': () => {
        const asked = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams;
        const start = asked.has('after') ? 10 : Number(asked.get('offset'));
        const users = Array.from({ length: 10 }, (_, i) => person(start + i));
        return { body: { users, total: 35, next: `cursor-after-${start + 9}` } };
      },
    });
    const asked = () =>
      fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams);
    const { router } = renderWithProviders(<UsersPage />, { path: '/users' });
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('person0@example.com');
    expect(asked()[0]!.get('offset')).toBe('0');
    expect(asked()[0]!.has('after')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await within(table).findByText('person10@example.com');
    expect(asked().at(-1)!.get('after')).toBe('cursor-after-9');
    expect(asked().at(-1)!.get('offset')).toBe('0');
    expect(router.state.location.search).toBe('?page=2');

    // A page whose predecessor was never fetched (a link to page 4) is asked by offset.
    await router.navigate('/users?page=4');
    await waitFor(() => expect(asked().at(-1)!.get('offset')).toBe('30'));
    expect(asked().at(-1)!.has('after')).toBe(false);
  });

  it('asks the list with the filters and sort of the URL; a filter or a header click changes them', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/users': { body: { users: [person(1)], total: 1, next: null } },
    });
    const asked = () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams;
    const { router } = renderWithProviders(<UsersPage />, {
      path: '/users',
      url: '/users?status=WaitConfirmation&admin=true&mfa=enrolled&sort=name&order=asc&page=2',
    });
    await screen.findByRole('table', { name: 'Users' });
    await waitFor(() => expect(asked().get('status')).toBe('WaitConfirmation'));
    expect(Object.fromEntries(asked())).toMatchObject({
      isAdmin: 'true',
      mfa: 'enrolled',
      sort: 'name',
      order: 'ASC',
      offset: '10',
    });
    expect(screen.getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'ascending');

    // A second click on the sorted header reverses it; a new column starts with its own first order.
    fireEvent.click(screen.getByRole('button', { name: 'User' }));
    await waitFor(() => expect(asked().get('order')).toBe('DESC'));
    expect(router.state.location.search).toContain('order=desc');
    expect(router.state.location.search).not.toContain('page=');
    fireEvent.click(screen.getByRole('button', { name: 'Last sign-in' }));
    await waitFor(() => expect(asked().get('sort')).toBe('lastSignInAt'));
    expect(asked().get('order')).toBe('DESC');

    // Status 'All statuses' drops the filter from the URL and the call.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All statuses' }));
    await waitFor(() => expect(asked().has('status')).toBe(false));
    expect(router.state.location.search).not.toContain('status=');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'MFA' }));
    fireEvent.click(await screen.findByRole('option', { name: 'MFA not enrolled' }));
    await waitFor(() => expect(asked().get('mfa')).toBe('notEnrolled'));
  });

  it('shows who sent a pending invitation and until when its link works, and the last sign-in', async () => {
    const invited: User = {
      ...person(2),
      status: 'WaitConfirmation',
      lastSignInAt: null,
      invitation: {
        invitedBy: { id: grace.id, name: 'Grace Hopper' },
        sentAt: '2025-03-04T14:05:00.000Z',
        expiresAt: '2099-03-06T14:05:00.000Z',
      },
    };
    stubFetch({ 'GET /api/v1/users': { body: { users: [invited, person(3)], total: 2, next: null } } });
    renderWithProviders(<UsersPage />, { path: '/users' });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      await within(table).findByText(/^Invited by Grace Hopper · link expires March 6, 2099 at/),
    ).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(within(table).getByText(/^March 6, 2025 at/)).toBeInTheDocument();
  });
});
