import { type SignedInSession, signedInSessionEndpoints } from '@skyvault/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SessionsSection } from './SessionsSection';

const session = (id: string, current: boolean): SignedInSession => ({
  id,
  device: 'Firefox on Linux',
  userAgent: null,
  ip: '203.0.113.7',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-21T09:00:00.000Z',
  expiresAt: '2026-11-28T09:00:00.000Z',
  current,
});

/** A user's sessions as their page shows them to an administrator. */
const renderAs = (role: Parameters<typeof administrator>[0]) =>
  renderWithProviders(
    <SessionsSection
      title="Sessions"
      description="Where this user is signed in."
      sessions={[session('a1b2c3d4-0000-4000-8000-000000000001', false)]}
      endOne={{ endpoint: signedInSessionEndpoints.endOneOfUser, run: async () => {}, pending: false }}
      endAll={{
        endpoint: signedInSessionEndpoints.endAllOfUser,
        label: 'End all sessions',
        title: 'End all sessions of this user?',
        message: '',
        run: async () => {},
        pending: false,
      }}
    />,
    { session: administrator(role) },
  );

describe('SessionsSection', () => {
  it('lists the sessions without ending them for whom ending is not open', () => {
    renderAs('Auditor');
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^End session/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End all sessions' })).not.toBeInTheDocument();
  });

  it('ends them for a User administrator', () => {
    renderAs('UserAdministrator');
    expect(screen.getByRole('button', { name: /^End session/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End all sessions' })).toBeInTheDocument();
  });
});
