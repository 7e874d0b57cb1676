import type { SignInAttempt } from '@skyvault/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace } from '../../test/users.fixtures';
import { UserSignInsCard } from './UserSignInsCard';

const attempt = (
  n: number,
  method: SignInAttempt['method'],
  outcome: SignInAttempt['outcome'],
): SignInAttempt => ({
  id: `0b5e7c1a-2b3c-4d4e-8f5a-${String(n).padStart(12, '0')}`,
  time: '2026-11-26T09:30:00.000Z',
  method,
  outcome,
  ip: `203.0.113.${n}`,
  userAgent: null,
});

describe('UserSignInsCard', () => {
  it("lists the user's sign-in attempts with the method in words and the outcome", async () => {
    stubFetch({
      [`GET /api/v1/users/${grace.id}/sign-ins`]: {
        body: {
          signIns: [
            attempt(1, 'password', 'failure'),
            attempt(2, 'email-code', 'success'),
            attempt(3, 'sso', 'success'),
            attempt(4, 'oauth', 'success'),
          ],
        },
      },
    });
    renderWithProviders(<UserSignInsCard userId={grace.id} />);
    const table = await screen.findByRole('table', { name: 'Sign-in activity' });
    await within(table).findByText('Password');
    const row = (ip: string) => within(table).getByText(ip).closest('tr')!;
    expect(within(row('203.0.113.1')).getByText('Failure')).toBeInTheDocument();
    expect(within(row('203.0.113.2')).getByText('E-mail code')).toBeInTheDocument();
    expect(within(row('203.0.113.3')).getByText('Single sign-on')).toBeInTheDocument();
    expect(within(row('203.0.113.4')).getByText('Connected app')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sign-in activity' })).toBeInTheDocument();
  });

  it('says when the user never signed in', async () => {
    stubFetch({ [`GET /api/v1/users/${grace.id}/sign-ins`]: { body: { signIns: [] } } });
    renderWithProviders(<UserSignInsCard userId={grace.id} />);
    expect(await screen.findByText('No sign-in yet')).toBeInTheDocument();
  });
});
