import { RECOVERY_CODE_TEXTS } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { incorrectCode } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MfaDevicesPage } from './MfaDevicesPage';
import { mfaPageAnswers } from './mfa.fixtures';

const NEW_ID = '5a0c3f2e-8b1d-4e6f-9a7b-2c3d4e5f6a7b';
const OTP_URL = 'otpauth://totp/Skyvault:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Skyvault';
const emptyList = { body: { mfa: [], total: 0 } };
const enabledDevice = {
  id: NEW_ID,
  name: 'Work-phone',
  status: 'Enable',
  createdAt: '2025-03-04T14:05:00.000Z',
  updatedAt: '2025-03-04T14:06:00.000Z',
};

/** Opens Add, names the device and gets to the QR dialog. */
async function addDevice(name = 'Work-phone') {
  fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
  const nameDialog = await screen.findByRole('dialog', { name: 'Add MFA device' });
  fireEvent.input(within(nameDialog).getByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.click(within(nameDialog).getByRole('button', { name: 'Next' }));
  return screen.findByRole('dialog', { name: 'Connect your authenticator app' });
}

const enterCode = (dialog: HTMLElement, code: string) => {
  fireEvent.input(within(dialog).getByRole('textbox', { name: 'Verification code' }), {
    target: { value: code },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
};

describe('Adding an MFA device', () => {
  it('creates it, shows its QR code and secret, and verifies a code from the app', async () => {
    const created: unknown[] = [];
    const fetchMock = stubFetch({
      ...mfaPageAnswers,
      'GET /api/v1/mfa': emptyList,
      'POST /api/v1/mfa': (init) => {
        created.push(bodyOf(init));
        return { status: 201, body: { id: NEW_ID, otpPathUrl: OTP_URL } };
      },
      [`POST /api/v1/mfa/verify/${NEW_ID}`]: (init) =>
        bodyOf(init).code === '123456' ? { body: enabledDevice } : incorrectCode,
    });
    const { handleError } = renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });

    const qrDialog = await addDevice();
    expect(created).toEqual([{ name: 'Work-phone' }]);
    expect(within(qrDialog).getByRole('img', { name: /QR code to add "Work-phone"/ })).toBeInTheDocument();
    expect(within(qrDialog).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(within(qrDialog).getByRole('button', { name: 'Copy secret key' })).toBeInTheDocument();

    // A wrong code keeps the dialog and says so next to the field.
    enterCode(qrDialog, '000000');
    expect(await within(qrDialog).findByText('The verification code is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Connect your authenticator app' })).toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();

    const listCalls = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) =>
          init?.method === 'GET' && new URL(String(url), 'http://localhost').pathname === '/api/v1/mfa',
      ).length;
    const listCallsBefore = listCalls();
    enterCode(qrDialog, '123456');
    expect(await screen.findByText('MFA device was successfully created')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Connect your authenticator app' }),
      ).not.toBeInTheDocument(),
    );
    // The list is asked again, so the new device appears.
    await waitFor(() => expect(listCalls()).toBeGreaterThan(listCallsBefore));
    expect(fetchMock).not.toHaveBeenCalledWith(
      `/api/v1/mfa/${NEW_ID}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it("shows the recovery codes of the user's first factor once it is verified, until they are saved", async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `a1b2${index}-c3d4${index}`);
    stubFetch({
      ...mfaPageAnswers,
      'GET /api/v1/mfa': emptyList,
      'POST /api/v1/mfa': { status: 201, body: { id: NEW_ID, otpPathUrl: OTP_URL } },
      [`POST /api/v1/mfa/verify/${NEW_ID}`]: { body: { ...enabledDevice, recoveryCodes: codes } },
    });
    renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });

    enterCode(await addDevice(), '123456');
    const codesDialog = await screen.findByRole('dialog', { name: RECOVERY_CODE_TEXTS.title });
    expect(await screen.findByText('MFA device was successfully created')).toBeInTheDocument();
    for (const code of codes) expect(within(codesDialog).getByText(code)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Connect your authenticator app' })).not.toBeInTheDocument();

    fireEvent.click(within(codesDialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.saved }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RECOVERY_CODE_TEXTS.title })).not.toBeInTheDocument(),
    );
  });

  it('checks the code before sending it, with the MFA code dialog messages', async () => {
    const fetchMock = stubFetch({
      ...mfaPageAnswers,
      'GET /api/v1/mfa': emptyList,
      'POST /api/v1/mfa': { status: 201, body: { id: NEW_ID, otpPathUrl: OTP_URL } },
    });
    renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });
    const qrDialog = await addDevice();

    enterCode(qrDialog, '');
    expect(await within(qrDialog).findByText('Please, enter 6-digit verification code')).toBeInTheDocument();
    enterCode(qrDialog, '123');
    expect(await within(qrDialog).findByText('Code must have 6 symbols')).toBeInTheDocument();
    enterCode(qrDialog, '12a456');
    expect(await within(qrDialog).findByText('Code should contain only numbers')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/verify/'))).toBe(false);
  });

  it.each([
    [
      'Cancel',
      (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })),
    ],
    ['Escape', (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape' })],
  ])('deletes the new device when the QR dialog is closed with %s', async (_, close) => {
    let deleted = 0;
    stubFetch({
      ...mfaPageAnswers,
      'GET /api/v1/mfa': emptyList,
      'POST /api/v1/mfa': { status: 201, body: { id: NEW_ID, otpPathUrl: OTP_URL } },
      [`DELETE /api/v1/mfa/${NEW_ID}`]: () => {
        deleted += 1;
        return { status: 204 };
      },
    });
    renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });

    close(await addDevice());

    await waitFor(() => expect(deleted).toBe(1));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Connect your authenticator app' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('MFA device was successfully created')).not.toBeInTheDocument();
  });

  it('checks the name with the MFA name rules and shows the server refusing a duplicate', async () => {
    const fetchMock = stubFetch({
      ...mfaPageAnswers,
      'GET /api/v1/mfa': emptyList,
      'POST /api/v1/mfa': apiError(409, 'CONFLICT', 'An MFA device with this name already exists', {
        name: 'An MFA device with this name already exists',
      }),
    });
    renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add MFA device' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const next = within(dialog).getByRole('button', { name: 'Next' });

    fireEvent.input(name, { target: { value: 'abc' } });
    fireEvent.click(next);
    expect(await within(dialog).findByText('Name should have at least 4 symbols')).toBeInTheDocument();
    fireEvent.input(name, { target: { value: 'my phone' } });
    fireEvent.click(next);
    expect(
      await within(dialog).findByText('Name should contain only letters, digits and "-", "_" symbols'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.input(name, { target: { value: 'Work-phone' } });
    fireEvent.click(next);
    expect(
      await within(dialog).findByText('An MFA device with this name already exists'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add MFA device' })).toBeInTheDocument();
  });

  it('proposes the next free "Authenticator-n" name, and sends it as it is', async () => {
    const created: unknown[] = [];
    const fetchMock = stubFetch({
      ...mfaPageAnswers,
      'GET /api/v1/mfa': {
        body: {
          mfa: [
            { ...enabledDevice, name: 'Authenticator-1' },
            { ...enabledDevice, id: '6b1d4a3f-9c2e-4f7a-8b8c-3d4e5f6a7b8c', name: 'authenticator-2' },
          ],
          total: 2,
        },
      },
      'POST /api/v1/mfa': (init) => {
        created.push(bodyOf(init));
        return { status: 201, body: { id: NEW_ID, otpPathUrl: OTP_URL } };
      },
    });
    renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add MFA device' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Authenticator-3'));
    // The names were looked for by the API's search, not read a page at a time.
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/mfa' && url.searchParams.get('searchText'));
    expect(asked[0]?.searchParams.get('searchText')).toBe('Authenticator');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Connect your authenticator app' });
    expect(created).toEqual([{ name: 'Authenticator-3' }]);
  });

  describe('for a user who has a factor already', () => {
    const withFactor = {
      ...mfaPageAnswers,
      'GET /api/v1/mfa/recovery-codes': {
        body: { remaining: 10, total: 10, createdAt: '2025-03-04T14:05:00.000Z', enrolled: true },
      },
    };
    const stepUpDialog = () => screen.findByRole('dialog', { name: 'Add MFA device' });
    /** Names the device in the dialog that holds `field`, and sends it. */
    const nameIt = (name: string, field: HTMLElement) => {
      fireEvent.input(field, { target: { value: name } });
      fireEvent.click(
        within(field.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Next' }),
      );
    };

    it('asks for the step-up first and sends its proof with the name', async () => {
      const created: unknown[] = [];
      stubFetch({
        ...withFactor,
        'GET /api/v1/mfa': emptyList,
        'POST /api/v1/mfa': (init) => {
          created.push(bodyOf(init));
          return { status: 201, body: { id: NEW_ID, otpPathUrl: OTP_URL } };
        },
      });
      renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });
      fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
      const stepUp = await stepUpDialog();
      // The step-up, not the name: no name field yet.
      expect(within(stepUp).queryByRole('textbox', { name: 'Name' })).toBeNull();
      fireEvent.input(within(stepUp).getByRole('textbox', { name: /Verification code/ }), {
        target: { value: '654321' },
      });
      fireEvent.click(within(stepUp).getByRole('button', { name: 'Next' }));

      nameIt('Work-phone', await screen.findByRole('textbox', { name: 'Name' }));
      expect(
        await screen.findByRole('dialog', { name: 'Connect your authenticator app' }),
      ).toBeInTheDocument();
      expect(created).toEqual([{ name: 'Work-phone', code: '654321' }]);
    });

    it('comes back to the step-up, saying why, when the API refuses its proof', async () => {
      stubFetch({
        ...withFactor,
        'GET /api/v1/mfa': emptyList,
        'POST /api/v1/mfa': apiError(400, 'INVALID_TOTP', 'The verification code is incorrect.', {
          code: 'The verification code is incorrect.',
        }),
      });
      renderWithProviders(<MfaDevicesPage />, { path: '/mfa' });
      fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
      const stepUp = await stepUpDialog();
      fireEvent.input(within(stepUp).getByRole('textbox', { name: /Verification code/ }), {
        target: { value: '000000' },
      });
      fireEvent.click(within(stepUp).getByRole('button', { name: 'Next' }));
      nameIt('Work-phone', await screen.findByRole('textbox', { name: 'Name' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The verification code is incorrect.');
      expect(screen.getByRole('textbox', { name: /Verification code/ })).toBeInTheDocument();
    });
  });
});
