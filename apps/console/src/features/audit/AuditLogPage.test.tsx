import type { AuditEvent } from '@skyvault/contract';
import { encodeAuditCursor } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AuditLogPage } from './AuditLogPage';

const event = (seq: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: `0b5e7c1a-2b3c-4d4e-8f5a-${String(seq).padStart(12, '0')}`,
  seq,
  time: '2026-11-26T09:30:00.000Z',
  actorType: 'user',
  actor: { id: '6d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a', email: 'ada@example.com', name: 'Ada Lovelace' },
  action: 'update',
  resource: { type: 'group', id: '2b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e', name: `Group ${seq}` },
  outcome: 'success',
  method: null,
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  requestId: 'req-1',
  changes: {},
  ...overrides,
});

/** The query of each GET of the list, in order. */
const listQueries = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/audit-events')
    .map((url) => Object.fromEntries(url.searchParams));

describe('AuditLogPage', () => {
  it('sends the filters of the URL, applies new ones to the URL, and exports with the same', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/audit-events': { body: { events: [event(1)], nextCursor: null } },
    });
    renderWithProviders(<AuditLogPage />, {
      path: '/audit-log',
      url: '/audit-log?resourceType=group&resourceId=abc&bogus=1',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    await screen.findByText('Ada Lovelace');
    expect(listQueries(fetchMock)[0]).toEqual({ resourceType: 'group', resourceId: 'abc' });
    expect(screen.getByLabelText('Resource type')).toHaveValue('group');

    const bar = screen.getByRole('search', { name: 'Filter events' });
    fireEvent.input(within(bar).getByLabelText('Actor'), { target: { value: ' Ada@example.com ' } });
    fireEvent.input(within(bar).getByLabelText('Action'), { target: { value: 'update' } });
    fireEvent.input(within(bar).getByLabelText('From'), { target: { value: '2026-11-01T08:30' } });
    fireEvent.change(within(bar).getByLabelText('Outcome'), { target: { value: 'failure' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));

    const from = new Date('2026-11-01T08:30').toISOString();
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        actor: 'Ada@example.com',
        action: 'update',
        resourceType: 'group',
        resourceId: 'abc',
        from,
        outcome: 'failure',
      }),
    );
    const exported = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://localhost',
    );
    expect(exported.pathname).toBe('/api/v1/audit-events/export');
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      format: 'csv',
      actor: 'Ada@example.com',
      action: 'update',
      resourceType: 'group',
      resourceId: 'abc',
      from,
      outcome: 'failure',
    });

    fireEvent.click(within(bar).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({}));
    expect(screen.getByLabelText('Resource type')).toHaveValue('');
  });

  it('loads the next page with the cursor the previous one gave, until there is none', async () => {
    const cursor = encodeAuditCursor(2);
    const fetchMock = stubFetch({
      'GET /api/v1/audit-events': () => {
        const asked = listQueries(fetchMock).at(-1) ?? {};
        return asked.cursor === cursor
          ? { body: { events: [event(1)], nextCursor: null } }
          : { body: { events: [event(3), event(2)], nextCursor: cursor } };
      },
    });
    renderWithProviders(<AuditLogPage />, { path: '/audit-log' });
    const table = await screen.findByRole('table', { name: 'Audit events' });
    await within(table).findByText('group: Group 3');
    expect(within(table).queryByText('group: Group 1')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('group: Group 1');
    expect(within(table).getAllByRole('row')).toHaveLength(4); // the header and three events, newest first
    expect(listQueries(fetchMock).map((query) => query.cursor)).toEqual([undefined, cursor]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing matches', async () => {
    stubFetch({ 'GET /api/v1/audit-events': { body: { events: [], nextCursor: null } } });
    renderWithProviders(<AuditLogPage />, { path: '/audit-log' });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    stubFetch({ 'GET /api/v1/audit-events': apiError(500, 'InternalServerError', 'Boom') });
    renderWithProviders(<AuditLogPage />, { path: '/audit-log' });
    expect(await screen.findByText('The audit events could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens an event in a drawer with every field and the before/after of its changes', async () => {
    stubFetch({
      'GET /api/v1/audit-events': {
        body: {
          events: [
            event(7, {
              changes: {
                name: { before: 'Sales', after: 'Sales team' },
                roleIds: { before: ['a'], after: ['a', 'b'] },
                password: { before: '[secret]', after: '[secret]' },
                description: { after: 'New' },
              },
            }),
            event(6, { actorType: 'operator', actor: null, action: 'delete' }),
          ],
          nextCursor: null,
        },
      },
    });
    renderWithProviders(<AuditLogPage />, { path: '/audit-log' });
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(await within(table).findByText('Operator')).toBeInTheDocument();

    fireEvent.click(within(table).getAllByRole('button', { name: /^Details of update group/ })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Event: update group' });
    expect(within(drawer).getByText('req-1')).toBeInTheDocument();
    expect(within(drawer).getByText('203.0.113.7')).toBeInTheDocument();
    const changes = within(drawer).getByRole('table', { name: 'Changes' });
    const cells = (field: string) =>
      within(within(changes).getByText(field).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('name')).toEqual(['name', '"Sales"', '"Sales team"']);
    expect(cells('password')).toEqual(['password', '[secret]', '[secret]']);
    expect(cells('description')).toEqual(['description', '—', '"New"']);
    expect(cells('roleIds')[2]).toBe(JSON.stringify(['a', 'b'], null, 2));

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
