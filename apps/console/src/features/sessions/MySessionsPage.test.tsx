import type { SignedInSession } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MySessionsPage } from './MySessionsPage';

const session = (id: string, device: string, current = false): SignedInSession => ({
  id: `0b5e7c1a-2b3c-4d4e-8f5a-${id.padStart(12, '0')}`,
  device,
  userAgent: `${device} agent`,
  ip: '203.0.113.7',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-26T09:30:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  current,
});

const here = session('1', 'Chrome on macOS', true);
const phone = session('2', 'Safari on iPhone');
const laptop = session('3', 'Firefox on Linux');

describe('MySessionsPage', () => {
  it('lists my sessions with this browser marked; ends one, and all but this one after confirming', async () => {
    let listed = [here, phone, laptop];
    const fetchMock = stubFetch({
      'GET /api/v1/sessions/me': () => ({ body: { sessions: listed } }),
      [`DELETE /api/v1/sessions/me/${phone.id}`]: () => {
        listed = [here, laptop];
        return { status: 204 };
      },
      'DELETE /api/v1/sessions/me': () => {
        listed = [here];
        return { status: 204 };
      },
    });
    renderWithProviders(<MySessionsPage />, { path: '/my-sessions' });
    expect(screen.getByRole('heading', { level: 1, name: 'My sessions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Signed in' });
    const hereRow = within(table).getByText('Chrome on macOS').closest('tr')!;
    expect(within(hereRow).getByText('This browser')).toBeInTheDocument();
    expect(within(hereRow).queryByRole('button')).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: /End session on Safari on iPhone/ }));
    await waitFor(() => expect(within(table).queryByText('Safari on iPhone')).toBeNull());
    expect(await screen.findByText('The session was ended')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(within(table).queryByText('Firefox on Linux')).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/sessions/me'),
      ),
    ).toBe(true);
    // Nothing else to end.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });
});
