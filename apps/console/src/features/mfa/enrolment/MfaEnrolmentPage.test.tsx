import {
  ENROLMENT_TEXTS,
  MFA_POLICY_MESSAGES,
  type MfaEnrolment,
  PASSKEY_TEXTS,
  RECOVERY_CODE_TEXTS,
  type SessionUser,
} from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, type FetchRoute, stubFetch } from '../../../test/fetchStub';
import { memberUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { MfaEnrolmentPage } from './MfaEnrolmentPage';

// jsdom has no authenticator: the browser's ceremony stands in here.
const { startRegistration } = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration }));
const BROWSER_ANSWER = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
  clientExtensionResults: {},
};

const NEW_ID = '5a0c3f2e-8b1d-4e6f-9a7b-2c3d4e5f6a7b';
const OTP_URL = 'otpauth://totp/Skyvault:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Skyvault';
const CODES = Array.from({ length: 10 }, (_, index) => `q1w2${index}-e3r4${index}`);
const restricted: MfaEnrolment = { restricted: true, graceDaysLeft: 0, passkeysAvailable: true };
const inGrace: MfaEnrolment = { restricted: false, graceDaysLeft: 5, passkeysAvailable: true };
const enrolling = (mfaEnrolment: MfaEnrolment): SessionUser => ({ ...memberUser, mfaEnrolment });

function openEnrolment(user: SessionUser, answers: Record<string, FetchRoute> = {}) {
  const fetchMock = stubFetch({ 'GET /api/v1/auth/session': { body: user }, ...answers });
  const rendered = renderWithProviders(<MfaEnrolmentPage />, {
    path: '/mfa-enrolment',
    url: '/mfa-enrolment?redirectTo=%2Fmy-sessions',
    session: user,
  });
  return { fetchMock, ...rendered };
}

const heading = () => screen.findByRole('heading', { level: 1, name: ENROLMENT_TEXTS.title });

describe('the MFA enrolment page', () => {
  afterEach(() => sessionStorage.clear());

  it('offers an authenticator app and a passkey, and no way around them to a restricted session', async () => {
    openEnrolment(enrolling(restricted));
    await heading();
    expect(await screen.findByText(ENROLMENT_TEXTS.intro)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ENROLMENT_TEXTS.addAuthenticator })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ENROLMENT_TEXTS.addPasskey })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ENROLMENT_TEXTS.skip })).not.toBeInTheDocument();
    expect(screen.queryByText(/left before it is required/)).not.toBeInTheDocument();
  });

  it('lets the user skip during the grace period, with the days left, for this sign-in', async () => {
    const { router } = openEnrolment(enrolling(inGrace));
    expect(await screen.findByText(ENROLMENT_TEXTS.graceDaysLeft(5))).toBeInTheDocument();
    expect(ENROLMENT_TEXTS.graceDaysLeft(5)).toBe(
      'You can skip this for now: 5 days left before it is required.',
    );
    fireEvent.click(screen.getByRole('button', { name: ENROLMENT_TEXTS.skip }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-sessions'));
    expect(sessionStorage.getItem('skyvault.mfaEnrolmentSkipped')).toBe(memberUser.id);
  });

  it('says why passkeys are not offered where the console cannot use them', async () => {
    openEnrolment(enrolling({ ...restricted, passkeysAvailable: false }), {
      'GET /api/v1/auth/passkeys/support': {
        body: { available: false, rpId: null, reason: MFA_POLICY_MESSAGES.passkeysUnavailableIp },
      },
    });
    expect(await screen.findByText(MFA_POLICY_MESSAGES.passkeysUnavailableIp)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ENROLMENT_TEXTS.addAuthenticator })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ENROLMENT_TEXTS.addPasskey })).not.toBeInTheDocument();
  });

  it('after an authenticator is verified shows the recovery codes, then continues to the console', async () => {
    let enrolled = false;
    const { router } = openEnrolment(enrolling(restricted), {
      // Once a factor is enabled the session no longer carries the enrolment.
      'GET /api/v1/auth/session': () => ({ body: enrolled ? memberUser : enrolling(restricted) }),
      'POST /api/v1/mfa': { status: 201, body: { id: NEW_ID, otpPathUrl: OTP_URL } },
      [`POST /api/v1/mfa/verify/${NEW_ID}`]: () => {
        enrolled = true;
        return {
          body: {
            id: NEW_ID,
            name: 'Work-phone',
            status: 'Enable',
            createdAt: '2025-03-04T14:05:00.000Z',
            updatedAt: '2025-03-04T14:06:00.000Z',
            recoveryCodes: CODES,
          },
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: ENROLMENT_TEXTS.addAuthenticator }));
    const nameDialog = await screen.findByRole('dialog', { name: 'Add MFA device' });
    fireEvent.input(within(nameDialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Work-phone' },
    });
    fireEvent.click(within(nameDialog).getByRole('button', { name: 'Next' }));
    const qrDialog = await screen.findByRole('dialog', { name: 'Connect your authenticator app' });
    fireEvent.input(within(qrDialog).getByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(qrDialog).getByRole('button', { name: 'Verify' }));

    const codesDialog = await screen.findByRole('dialog', { name: RECOVERY_CODE_TEXTS.title });
    expect(within(codesDialog).getByText(CODES[9]!)).toBeInTheDocument();
    fireEvent.click(within(codesDialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.saved }));

    expect(await screen.findByText(ENROLMENT_TEXTS.enrolled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ENROLMENT_TEXTS.addAuthenticator })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: ENROLMENT_TEXTS.done }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-sessions'));
  });

  it('enrols a passkey through the browser, shows the codes, then continues', async () => {
    startRegistration.mockResolvedValue(BROWSER_ANSWER);
    const created: unknown[] = [];
    const { router } = openEnrolment(enrolling(restricted), {
      'POST /api/v1/mfa/passkeys/options': { body: { options: { challenge: 'Y2hhbGxlbmdl' } } },
      'POST /api/v1/mfa/passkeys': (init) => {
        created.push(bodyOf(init));
        return {
          status: 201,
          body: {
            passkey: {
              id: NEW_ID,
              name: 'Work-laptop',
              createdAt: '2025-03-04T14:05:00.000Z',
              lastUsedAt: null,
              backedUp: false,
            },
            recoveryCodes: CODES,
          },
        };
      },
      'GET /api/v1/mfa/passkeys': { body: { passkeys: [] } },
    });
    fireEvent.click(await screen.findByRole('button', { name: ENROLMENT_TEXTS.addPasskey }));
    const dialog = await screen.findByRole('dialog', { name: PASSKEY_TEXTS.add });
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Work-laptop' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

    const codesDialog = await screen.findByRole('dialog', { name: RECOVERY_CODE_TEXTS.title });
    expect(created).toEqual([{ name: 'Work-laptop', response: BROWSER_ANSWER }]);
    fireEvent.click(within(codesDialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.saved }));
    fireEvent.click(await screen.findByRole('button', { name: ENROLMENT_TEXTS.done }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-sessions'));
  });

  it('sends a user with nothing to enrol on to the console', async () => {
    const { router } = openEnrolment(memberUser);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-sessions'));
  });
});
