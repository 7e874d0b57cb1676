import type { MfaStatus } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MfaDeviceDetails } from './MfaDevicePage';
import { DEVICE_ID, DEVICE_PATH, workPhone } from './mfa.fixtures';

// The real toast function, wrapped so a test can read what it was given.
vi.mock('notistack', (importOriginal) =>
  import('../../test/toastSpy').then((spy) => spy.spyOnToasts(importOriginal)),
);
const { enqueueSnackbar } = await import('notistack');

const ID = DEVICE_ID;
const device = workPhone;

function renderDetails() {
  return renderWithProviders(<MfaDeviceDetails id={ID} />, { path: `/mfa/${ID}` });
}

async function openActions() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  return screen.findByRole('menu');
}

const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map(
      (item) => `${item.textContent}${item.getAttribute('aria-disabled') === 'true' ? ' (disabled)' : ''}`,
    );

describe('MFA device actions', () => {
  it.each<[MfaStatus, string[]]>([
    ['Enable', ['Disable', 'Reset secret', 'Delete']],
    ['Disable', ['Enable', 'Reset secret', 'Delete']],
    ['WaitConfirmation', ['Enable (disabled)', 'Reset secret', 'Delete']],
    ['ForceResetSecret', ['Enable (disabled)', 'Reset secret', 'Delete']],
  ])('offers the menu of a device in status %s', async (status, expected) => {
    stubFetch({ [`GET ${DEVICE_PATH}`]: { body: device(status) } });
    renderDetails();
    expect(itemNames(await openActions())).toEqual(expected);
  });

  it('disables after the confirmation with a current code and says so', async () => {
    let status: MfaStatus = 'Enable';
    let sent: unknown;
    stubFetch({
      [`GET ${DEVICE_PATH}`]: () => ({ body: device(status) }),
      [`PATCH ${DEVICE_PATH}/disable`]: (init) => {
        sent = JSON.parse(String(init?.body));
        status = 'Disable';
        return { body: device(status) };
      },
    });
    renderDetails();
    fireEvent.click(within(await openActions()).getByRole('menuitem', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure to disable this MFA device?' });
    fireEvent.input(within(confirm).getByLabelText(/Verification code/), { target: { value: '123456' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText('MFA device was successfully disabled')).toBeInTheDocument();
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    expect(sent).toEqual({ code: '123456' });
  });

  it("shows the server's 'already enabled' answer as a warning", async () => {
    stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device('Disable') },
      [`PATCH ${DEVICE_PATH}/enable`]: apiError(409, 'CONFLICT', 'This MFA device is already enabled'),
    });
    const { handleError } = renderDetails();
    fireEvent.click(within(await openActions()).getByRole('menuitem', { name: 'Enable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure to enable this MFA device?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enable' }));

    expect(await screen.findByText('This MFA device is already enabled')).toBeInTheDocument();
    expect(enqueueSnackbar).toHaveBeenCalledWith(
      'This MFA device is already enabled',
      expect.objectContaining({ variant: 'warning' }),
    );
    expect(handleError).not.toHaveBeenCalled();
  });

  it('deletes after the confirmation with a current code and goes back to the list', async () => {
    const fetchMock = stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device('Enable') },
      [`DELETE ${DEVICE_PATH}`]: { status: 204 },
    });
    const { router } = renderDetails();
    fireEvent.click(within(await openActions()).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure to delete this MFA device?' });
    fireEvent.input(within(confirm).getByLabelText(/Verification code/), { target: { value: '654321' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mfa'));
    expect(await screen.findByText('MFA device was successfully deleted')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'GET')).toHaveLength(1);
  });

  it('resets the secret into the QR dialog; closing it keeps the device, waiting', async () => {
    let status: MfaStatus = 'Enable';
    const fetchMock = stubFetch({
      [`GET ${DEVICE_PATH}`]: () => ({ body: device(status) }),
      [`POST /api/v1/mfa/reset/${ID}`]: () => {
        status = 'WaitConfirmation';
        return { body: { id: ID, otpPathUrl: 'otpauth://totp/Skyvault:ada?secret=ABCDEFGHIJKLMNOP' } };
      },
    });
    renderDetails();
    fireEvent.click(within(await openActions()).getByRole('menuitem', { name: 'Reset secret' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Are you sure to reset the secret of this MFA device?',
    });
    fireEvent.input(within(confirm).getByLabelText(/Verification code/), { target: { value: '111222' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset secret' }));

    const qrDialog = await screen.findByRole('dialog', { name: 'Connect your authenticator app' });
    expect(within(qrDialog).getByText('ABCD EFGH IJKL MNOP')).toBeInTheDocument();
    fireEvent.click(within(qrDialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Connect your authenticator app' }),
      ).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Wait confirmation')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});
