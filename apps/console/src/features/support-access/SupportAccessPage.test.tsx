import type { SupportGrant } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SupportAccessPage } from './SupportAccessPage';
import { SupportSessionBanner } from './SupportSessionBanner';
import { SUPPORT_ACCESS_TEXTS as T } from './support-access.texts';

const GRANT: SupportGrant = {
  id: '5b0c7a4e-1f2d-4e3c-9a8b-7c6d5e4f3a2b',
  state: 'live',
  mode: 'read-only',
  writePermissions: [],
  grantedBy: { id: '0b6f2d1e-4c1a-4f7e-9a53-2d1f8e7c6b5a', name: 'Ada Lovelace' },
  createdAt: '2025-03-04T14:05:00.000Z',
  expiresAt: '2025-03-05T14:05:00.000Z',
  revokedAt: null,
  sessions: [
    {
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      operator: 'Dana Ops',
      ticket: 'SUP-7',
      issuedAt: '2025-03-04T15:00:00.000Z',
      startedAt: '2025-03-04T15:01:00.000Z',
      endedAt: null,
    },
  ],
};

describe('SupportAccessPage', () => {
  it('lists the grant with its session and audit trail, and revokes it after a confirmation', async () => {
    let grants = [GRANT];
    const fetchMock = stubFetch({
      'GET /api/v1/support-access': () => ({ body: { grants } }),
      [`DELETE /api/v1/support-access/${GRANT.id}`]: () => {
        grants = [{ ...GRANT, state: 'revoked', revokedAt: '2025-03-04T16:00:00.000Z' }];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportAccessPage />, {
      path: '/settings/support-access',
      session: administrator('Owner'),
    });

    const table = await screen.findByRole('table', { name: T.screenTitle });
    expect(await within(table).findByText('Dana Ops · SUP-7')).toBeInTheDocument();
    expect(within(table).getByText(T.readOnly)).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: T.auditTrailLabel('Dana Ops', 'SUP-7') })).toHaveAttribute(
      'href',
      `/audit-log?actor=${GRANT.sessions[0]!.id}`,
    );
    // One grant is live at a time: no second one while this one is.
    expect(screen.queryByRole('button', { name: T.grant })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: T.revokeLabel }));
    const confirm = await screen.findByRole('dialog', { name: T.revokeTitle });
    await user.click(within(confirm).getByRole('button', { name: T.revoke }));
    expect(await screen.findByText(T.revoked)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(within(table).getByText(T.state.revoked)).toBeInTheDocument());
  });

  it('grants a window with the write permissions ticked', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/support-access': { body: { grants: [] } },
      'POST /api/v1/support-access': { status: 201, body: GRANT },
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportAccessPage />, {
      path: '/settings/support-access',
      session: administrator('Owner'),
    });

    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: T.grant })[0]!);
    const form = await screen.findByRole('dialog', { name: T.grantTitle });
    await user.click(within(form).getByRole('checkbox', { name: /connected apps/ }));
    await user.click(within(form).getByRole('button', { name: T.grant }));
    expect(await screen.findByText(T.granted)).toBeInTheDocument();
    const sent = JSON.parse(
      String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body),
    );
    expect(sent).toEqual({ hours: 24, writePermissions: ['applications:write'] });
  });

  it('shows the grants but no Grant or Revoke to an Auditor', async () => {
    stubFetch({ 'GET /api/v1/support-access': { body: { grants: [GRANT] } } });
    renderWithProviders(<SupportAccessPage />, {
      path: '/settings/support-access',
      session: administrator('Auditor'),
    });
    const table = await screen.findByRole('table', { name: T.screenTitle });
    expect(await within(table).findByText('Dana Ops · SUP-7')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: T.revokeLabel })).not.toBeInTheDocument();
  });
});

describe('SupportSessionBanner', () => {
  it('names the operator, the ticket, the mode and the end', () => {
    renderWithProviders(
      <SupportSessionBanner
        support={{
          operator: 'Dana Ops',
          ticket: 'SUP-7',
          mode: 'read-only',
          expiresAt: '2025-03-05T14:05:00.000Z',
          writePermissions: [],
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      /Support session by Dana Ops for ticket SUP-7 — read-only/,
    );
  });
});
