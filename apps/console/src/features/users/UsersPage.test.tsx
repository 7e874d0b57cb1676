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
});
