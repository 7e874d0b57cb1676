import type { AuditEvent, User } from '@skyvault/contract';
import { encodeAuditCursor, MESSAGES } from '@skyvault/contract';
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

const ADA_ID = '6d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a';
const ada: User = {
  id: ADA_ID,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  groupId: null,
  group: null,
  status: 'Confirmed',
  isEnableMfa: false,
  lastSignInAt: null,
  invitation: null,
  isAdmin: true,
  adminRoles: ['Owner'],
  scimManaged: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The query of each GET of `path`, in order. */
const queriesOf = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
const listQueries = (fetchMock: ReturnType<typeof stubFetch>) => queriesOf(fetchMock, '/api/v1/audit-events');

describe('AuditLogPage', () => {
  it('sends the filters of the URL, applies new ones to the URL, and exports with the same', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/audit-events': { body: { events: [event(1)], nextCursor: null } },
      'GET /api/v1/users': { body: { users: [ada], total: 1, next: null } },
      [`GET /api/v1/users/${ADA_ID}`]: { body: ada },
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
    // The actor is found by name among the tenant's users (searched by the API) and chosen by id.
    const actor = within(bar).getByRole('combobox', { name: 'Actor' });
    fireEvent.mouseDown(actor);
    fireEvent.change(actor, { target: { value: 'lovel' } });
    // Asked once typing pauses (SEARCH_DEBOUNCE_MS).
    await waitFor(
      () => expect(queriesOf(fetchMock, '/api/v1/users').at(-1)).toMatchObject({ searchText: 'lovel' }),
      { timeout: 3000 },
    );
    fireEvent.click(
      await screen.findByRole('option', { name: 'Ada Lovelace (ada@example.com)' }, { timeout: 3000 }),
    );
    expect(actor).toHaveValue('Ada Lovelace (ada@example.com)');
    // The action is one of the trail's, named in words and grouped by kind.
    const action = within(bar).getByRole('combobox', { name: 'Action' });
    expect(within(action).getByRole('group', { name: 'Sign-in' })).toBeInTheDocument();
    expect(within(action).getByRole('option', { name: 'Failed sign-in' })).toHaveValue('failed-sign-in');
    fireEvent.change(action, { target: { value: 'update' } });
    fireEvent.input(within(bar).getByLabelText('From'), { target: { value: '2026-11-01T08:30' } });
    fireEvent.change(within(bar).getByLabelText('Outcome'), { target: { value: 'failure' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));

    const from = new Date('2026-11-01T08:30').toISOString();
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        actor: ADA_ID,
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
      actor: ADA_ID,
      action: 'update',
      resourceType: 'group',
      resourceId: 'abc',
      from,
      outcome: 'failure',
    });

    // The bar is drawn anew for the URL's filters: the chosen actor is named by their user row.
    const applied = screen.getByRole('search', { name: 'Filter events' });
    await waitFor(() =>
      expect(within(applied).getByRole('combobox', { name: 'Actor' })).toHaveValue(
        'Ada Lovelace (ada@example.com)',
      ),
    );
    fireEvent.click(within(applied).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({}));
    expect(screen.getByLabelText('Resource type')).toHaveValue('');
    // The search waits for typing to pause: longer than the default on a busy machine.
  }, 20_000);

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

  it("names the actor of a link by the user's name, and a deleted one by the trail's", async () => {
    stubFetch({
      'GET /api/v1/audit-events': { body: { events: [event(2)], nextCursor: null } },
      [`GET /api/v1/users/${ADA_ID}`]: apiError(404, 'NOT_FOUND', 'User not found'),
    });
    renderWithProviders(<AuditLogPage />, { path: '/audit-log', url: `/audit-log?actor=${ADA_ID}` });
    const actor = screen.getByRole('combobox', { name: 'Actor' });
    await waitFor(() => expect(actor).toHaveValue('Ada Lovelace'));
  });

  it('keeps the table and says which filter is wrong when the API refuses one', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/audit-events': apiError(400, 'VALIDATION_ERROR', 'Validation failed', {
        action: MESSAGES.auditActionInvalid,
      }),
    });
    renderWithProviders(<AuditLogPage />, { path: '/audit-log', url: '/audit-log?action=renamed' });
    expect(await screen.findByRole('alert')).toHaveTextContent('These filters cannot be applied');
    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(action).toHaveValue('renamed');
    expect(action).toHaveAccessibleDescription(MESSAGES.auditActionInvalid);
    const table = screen.getByRole('table', { name: 'Audit events' });
    expect(within(table).getByText('No events: change the filters marked above')).toBeInTheDocument();
    expect(screen.queryByText('The audit events could not be loaded')).toBeNull();
    // Asked once: a refusal is not asked again.
    expect(listQueries(fetchMock)).toEqual([{ action: 'renamed' }]);

    // Choosing a listed action clears the message and applies.
    fireEvent.change(action, { target: { value: 'sign-in' } });
    expect(action).not.toHaveAccessibleDescription(MESSAGES.auditActionInvalid);
  });

  it('checks the filters with the contract before asking', async () => {
    const fetchMock = stubFetch({ 'GET /api/v1/audit-events': { body: { events: [], nextCursor: null } } });
    renderWithProviders(<AuditLogPage />, { path: '/audit-log' });
    await screen.findByText('No data available');
    const bar = screen.getByRole('search', { name: 'Filter events' });
    fireEvent.input(within(bar).getByLabelText('From'), { target: { value: '2026-11-02T08:30' } });
    fireEvent.input(within(bar).getByLabelText('To'), { target: { value: '2026-11-01T08:30' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));
    expect(await within(bar).findByText(MESSAGES.auditDateOrder)).toBeInTheDocument();
    expect(listQueries(fetchMock)).toEqual([{}]);
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
