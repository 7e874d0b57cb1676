import { MESSAGES } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MfaDeviceDetails } from './MfaDevicePage';
import { DEVICE_ID, DEVICE_PATH, workPhone } from './mfa.fixtures';

const ID = DEVICE_ID;
const device = workPhone;
const DELETE_TITLE = 'Are you sure to delete this MFA device?';

/** A refusal whose message belongs to one field. */
const fieldError = (status: number, code: string, fields: Record<string, string>) =>
  apiError(status, code, Object.values(fields)[0] ?? '', fields);

function renderDetails() {
  return renderWithProviders(<MfaDeviceDetails id={ID} />, { path: `/mfa/${ID}` });
}

async function askToDelete() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete' }));
  return screen.findByRole('dialog', { name: DELETE_TITLE });
}

describe('confirming the removal of an enabled MFA device', () => {
  it('asks for a code in a focused, labelled field and sends it with Enter', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device('Enable') },
      [`DELETE ${DEVICE_PATH}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 204 };
      },
    });
    const { router } = renderDetails();
    const dialog = await askToDelete();
    const code = within(dialog).getByRole('textbox', { name: /Verification code/ });
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.keyboard('246810{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mfa'));
    expect(bodies).toEqual([{ code: '246810' }]);
  });

  it("shows the server's answer to a wrong code next to the field and stays open", async () => {
    stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device('Enable') },
      [`DELETE ${DEVICE_PATH}`]: fieldError(400, 'INVALID_TOTP', { code: MESSAGES.mfaCodeIncorrect }),
    });
    const { router, handleError } = renderDetails();
    const dialog = await askToDelete();
    const code = within(dialog).getByRole('textbox', { name: /Verification code/ });
    fireEvent.input(code, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText(MESSAGES.mfaCodeIncorrect)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(MESSAGES.mfaCodeIncorrect);
    expect(router.state.location.pathname).toBe(`/mfa/${ID}`);
    expect(handleError).not.toHaveBeenCalled();
  });

  it('checks the code with the contract rules before sending it', async () => {
    const fetchMock = stubFetch({ [`GET ${DEVICE_PATH}`]: { body: device('Enable') } });
    renderDetails();
    const dialog = await askToDelete();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(MESSAGES.mfaCodeRequired)).toBeInTheDocument();
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Verification code/ }), {
      target: { value: '12' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(MESSAGES.mfaCodeLength)).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('takes the account password instead, and shows a wrong one next to its field', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device('Enable') },
      [`POST /api/v1/mfa/reset/${ID}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return fieldError(400, 'VALIDATION_ERROR', { password: MESSAGES.currentPasswordIncorrect });
      },
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Reset secret' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure to reset the secret of this MFA device?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use your password instead' }));
    expect(within(dialog).queryByRole('textbox', { name: /Verification code/ })).not.toBeInTheDocument();
    const password = within(dialog).getByLabelText(/Password/);
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.input(password, { target: { value: 'Wrong-pass1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset secret' }));

    expect(await within(dialog).findByText(MESSAGES.currentPasswordIncorrect)).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'Wrong-pass1' }]);
  });

  it('passes a refusal without a field (too many attempts) to the shared handler', async () => {
    stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device('Enable') },
      [`PATCH ${DEVICE_PATH}/disable`]: apiError(429, 'RATE_LIMITED', 'Too many attempts.'),
    });
    const { handleError } = renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to disable this MFA device?' });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Verification code/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    expect(handleError.mock.calls[0]![0]).toMatchObject({ status: 429 });
  });

  it('deletes a device that is not enabled with the plain confirmation', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device('Disable') },
      [`DELETE ${DEVICE_PATH}`]: (init) => {
        bodies.push(init?.body);
        return { status: 204 };
      },
    });
    const { router } = renderDetails();
    const dialog = await askToDelete();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mfa'));
    expect(bodies).toEqual([undefined]);
  });
});
