import { ENROLMENT_TEXTS, ERROR_MESSAGES, type MfaEnrolment, type SessionUser } from '@skyvault/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { skipMfaEnrolment } from '../core/session/mfaEnrolment';
import { apiError } from '../test/fetchStub';
import { adminUser } from '../test/fixtures';
import { currentLocation, openConsole } from '../test/openConsole';

const restricted: MfaEnrolment = { restricted: true, graceDaysLeft: 0, passkeysAvailable: true };
const inGrace: MfaEnrolment = { restricted: false, graceDaysLeft: 3, passkeysAvailable: true };
const enrolling = (mfaEnrolment: MfaEnrolment): SessionUser => ({ ...adminUser, mfaEnrolment });

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

describe('the MFA enrolment guard', () => {
  afterEach(() => sessionStorage.clear());

  it('sends a restricted session to the enrolment page, in a shell without the navigation', async () => {
    openConsole('/users?page=2', { 'GET /api/v1/auth/session': { body: enrolling(restricted) } });
    expect(await heading(ENROLMENT_TEXTS.title)).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/mfa-enrolment');
    expect(currentLocation().searchParams.get('redirectTo')).toBe('/users?page=2');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('keeps a restricted session there even after a skip', async () => {
    skipMfaEnrolment(adminUser.id);
    openConsole('/my-sessions', { 'GET /api/v1/auth/session': { body: enrolling(restricted) } });
    expect(await heading(ENROLMENT_TEXTS.title)).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/mfa-enrolment');
  });

  it('lets a user in the grace period through once they skipped enrolment for this sign-in', async () => {
    skipMfaEnrolment(adminUser.id);
    openConsole('/my-sessions', {
      'GET /api/v1/auth/session': { body: enrolling(inGrace) },
      'GET /api/v1/sessions/me': { body: { sessions: [] } },
    });
    expect(await heading('My sessions')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/my-sessions');
  });

  it('sends there when the API answers 403 MFA_ENROLMENT_REQUIRED, and the session asked again decides', async () => {
    // The console's session still lets the user skip; the server has since ended the grace period.
    let sessionCalls = 0;
    skipMfaEnrolment(adminUser.id);
    openConsole('/my-sessions', {
      'GET /api/v1/auth/session': () => ({
        body: enrolling(sessionCalls++ === 0 ? inGrace : restricted),
      }),
      'GET /api/v1/sessions/me': apiError(
        403,
        'MFA_ENROLMENT_REQUIRED',
        ERROR_MESSAGES.MFA_ENROLMENT_REQUIRED,
      ),
    });
    expect(await heading(ENROLMENT_TEXTS.title)).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/mfa-enrolment');
    expect(currentLocation().searchParams.get('redirectTo')).toBe('/my-sessions');
    await waitFor(() => expect(sessionCalls).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: ENROLMENT_TEXTS.skip })).not.toBeInTheDocument(),
    );
    // Sent there without an error toast: the page says what to do.
    expect(screen.queryByText(ERROR_MESSAGES.MFA_ENROLMENT_REQUIRED)).not.toBeInTheDocument();
  });
});
