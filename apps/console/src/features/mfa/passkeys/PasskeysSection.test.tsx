import { MFA_POLICY_MESSAGES, PASSKEY_TEXTS, RECOVERY_CODE_TEXTS } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, bodyOf, type FetchRoute, stubFetch } from '../../../test/fetchStub';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PasskeysSection } from './PasskeysSection';

// The browser's ceremony (navigator.credentials.create behind @simplewebauthn/browser) stands in here:
// jsdom has no authenticator.
const { startRegistration } = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration }));

const LAPTOP_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const laptop = {
  id: LAPTOP_ID,
  name: 'Work-laptop',
  // Local time, so the expected text holds in any time zone.
  createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  lastUsedAt: null,
  backedUp: false,
};
const phone = {
  ...laptop,
  id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  name: 'Phone',
  lastUsedAt: new Date(2025, 2, 6, 8, 15).toISOString(),
};
const available = { body: { available: true, rpId: 'localhost', reason: null } };
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Skyvault' } };
const BROWSER_ANSWER = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
  clientExtensionResults: {},
};
const CODES = Array.from({ length: 10 }, (_, index) => `k3y0${index}-c0de${index}`);

function renderSection(answers: Record<string, FetchRoute> = {}) {
  const fetchMock = stubFetch({
    'GET /api/v1/auth/passkeys/support': available,
    'GET /api/v1/mfa/passkeys': { body: { passkeys: [laptop, phone] } },
    // A user without a factor yet: adding one asks for no step-up (see the tests that give one).
    'GET /api/v1/mfa/recovery-codes': { body: { remaining: 0, total: 0, createdAt: null, enrolled: false } },
    ...answers,
  });
  return { fetchMock, ...renderWithProviders(<PasskeysSection />, { path: '/mfa' }) };
}

async function nameNewPasskey(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: PASSKEY_TEXTS.add }));
  const dialog = await screen.findByRole('dialog', { name: PASSKEY_TEXTS.add });
  fireEvent.input(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  return dialog;
}

describe('the passkeys of the MFA Devices page', () => {
  beforeEach(() => {
    startRegistration.mockReset();
  });

  it('lists them with their name, creation and last use', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: PASSKEY_TEXTS.title });
    const laptopRow = (await within(table).findByText('Work-laptop')).closest('tr')!;
    expect(within(laptopRow).getByText('March 4, 2025 at 14:05')).toBeInTheDocument();
    expect(within(laptopRow).getByText(PASSKEY_TEXTS.never)).toBeInTheDocument();
    const phoneRow = within(table).getByText('Phone').closest('tr')!;
    expect(within(phoneRow).getByText('March 6, 2025 at 08:15')).toBeInTheDocument();
  });

  it('adds one through the browser and shows the recovery codes of the first factor', async () => {
    const created: unknown[] = [];
    startRegistration.mockResolvedValue(BROWSER_ANSWER);
    renderSection({
      'GET /api/v1/mfa/passkeys': { body: { passkeys: [] } },
      'POST /api/v1/mfa/passkeys/options': { body: { options: OPTIONS } },
      'POST /api/v1/mfa/passkeys': (init) => {
        created.push(bodyOf(init));
        return { status: 201, body: { passkey: laptop, recoveryCodes: CODES } };
      },
    });
    expect(await screen.findByText(PASSKEY_TEXTS.empty)).toBeInTheDocument();

    await nameNewPasskey('Work-laptop');
    const codesDialog = await screen.findByRole('dialog', { name: RECOVERY_CODE_TEXTS.title });
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(created).toEqual([{ name: 'Work-laptop', response: BROWSER_ANSWER }]);
    expect(await screen.findByText(PASSKEY_TEXTS.created_toast)).toBeInTheDocument();
    expect(within(codesDialog).getByText(CODES[0]!)).toBeInTheDocument();

    fireEvent.click(within(codesDialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.saved }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the name with the MFA name rules and keeps the dialog when the prompt is cancelled', async () => {
    startRegistration.mockImplementation(async () => {
      throw Object.assign(new Error('The operation was cancelled'), { name: 'NotAllowedError' });
    });
    const { fetchMock } = renderSection({
      'POST /api/v1/mfa/passkeys/options': { body: { options: OPTIONS } },
    });

    const dialog = await nameNewPasskey('abc');
    expect(await within(dialog).findByText('Name should have at least 4 symbols')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Work-key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(PASSKEY_TEXTS.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: PASSKEY_TEXTS.add })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      '/api/v1/mfa/passkeys',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it("shows the server's refusal of a name taken already next to the field", async () => {
    startRegistration.mockResolvedValue(BROWSER_ANSWER);
    renderSection({
      'POST /api/v1/mfa/passkeys/options': { body: { options: OPTIONS } },
      'POST /api/v1/mfa/passkeys': apiError(409, 'CONFLICT', MFA_POLICY_MESSAGES.passkeyNameTaken, {
        name: MFA_POLICY_MESSAGES.passkeyNameTaken,
      }),
    });
    const dialog = await nameNewPasskey('Work-laptop');
    expect(await within(dialog).findByText(MFA_POLICY_MESSAGES.passkeyNameTaken)).toBeInTheDocument();
  });

  it('deletes one after the step-up with a current code', async () => {
    const deleted: unknown[] = [];
    renderSection({
      [`DELETE /api/v1/mfa/passkeys/${LAPTOP_ID}`]: (init) => {
        deleted.push(bodyOf(init));
        return { status: 204 };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Work-laptop' }));
    const dialog = await screen.findByRole('dialog', { name: PASSKEY_TEXTS.deleteConfirm });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Verification code/ }), {
      target: { value: '246810' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(PASSKEY_TEXTS.deleted)).toBeInTheDocument();
    expect(deleted).toEqual([{ code: '246810' }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: PASSKEY_TEXTS.deleteConfirm })).not.toBeInTheDocument(),
    );
  });

  it('renames one', async () => {
    const renamed: unknown[] = [];
    renderSection({
      [`PATCH /api/v1/mfa/passkeys/${LAPTOP_ID}`]: (init) => {
        renamed.push(bodyOf(init));
        return { body: { ...laptop, name: 'Home-laptop' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Work-laptop' }));
    const dialog = await screen.findByRole('dialog', { name: PASSKEY_TEXTS.rename });
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Home-laptop' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PASSKEY_TEXTS.renamed)).toBeInTheDocument();
    expect(renamed).toEqual([{ name: 'Home-laptop' }]);
  });

  it('says why passkeys are not available instead of offering to add one', async () => {
    renderSection({
      'GET /api/v1/auth/passkeys/support': {
        body: { available: false, rpId: null, reason: MFA_POLICY_MESSAGES.passkeysUnavailableIp },
      },
    });
    expect(await screen.findByText(MFA_POLICY_MESSAGES.passkeysUnavailableIp)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PASSKEY_TEXTS.add })).not.toBeInTheDocument();
  });

  it('asks a user who has a factor for the step-up first, and registers with the challenge it gave', async () => {
    startRegistration.mockResolvedValue(BROWSER_ANSWER);
    const asked: unknown[] = [];
    const created: unknown[] = [];
    renderSection({
      'GET /api/v1/mfa/recovery-codes': {
        body: { remaining: 10, total: 10, createdAt: '2025-03-04T14:05:00.000Z', enrolled: true },
      },
      'POST /api/v1/mfa/passkeys/options': (init) => {
        asked.push(bodyOf(init));
        return { body: { options: OPTIONS } };
      },
      'POST /api/v1/mfa/passkeys': (init) => {
        created.push(bodyOf(init));
        return { status: 201, body: { passkey: laptop } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: PASSKEY_TEXTS.add }));
    const stepUp = await screen.findByRole('dialog', { name: PASSKEY_TEXTS.add });
    expect(within(stepUp).queryByRole('textbox', { name: 'Name' })).toBeNull();
    fireEvent.input(within(stepUp).getByRole('textbox', { name: /Verification code/ }), {
      target: { value: '654321' },
    });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Next' }));

    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.input(name, { target: { value: 'Work-laptop' } });
    fireEvent.click(
      within(name.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByText(PASSKEY_TEXTS.created_toast)).toBeInTheDocument();
    // One challenge, asked with the proof; the registration used it.
    expect(asked).toEqual([{ code: '654321' }]);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(created).toEqual([{ name: 'Work-laptop', response: BROWSER_ANSWER }]);
  });
});
