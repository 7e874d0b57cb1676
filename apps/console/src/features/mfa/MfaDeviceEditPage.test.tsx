import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MfaDeviceEditForm } from './MfaDeviceEditPage';
import { DEVICE_ID, DEVICE_PATH, workPhone } from './mfa.fixtures';

// The real toast function, wrapped so a test can read what it was given.
vi.mock('notistack', (importOriginal) =>
  import('../../test/toastSpy').then((spy) => spy.spyOnToasts(importOriginal)),
);
const { enqueueSnackbar } = await import('notistack');

const ID = DEVICE_ID;
const device = workPhone('Enable');

function renderEdit() {
  return renderWithProviders(<MfaDeviceEditForm id={ID} />, { path: `/mfa/${ID}/edit` });
}

async function saveName(name: string) {
  const field = await screen.findByRole('textbox', { name: 'Name' });
  await waitFor(() => expect(field).toHaveValue('Work-phone'));
  fireEvent.input(field, { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('MfaDeviceEditForm', () => {
  it('warns that the name is the same and sends nothing', async () => {
    const fetchMock = stubFetch({ [`GET ${DEVICE_PATH}`]: { body: device } });
    const { router } = renderEdit();
    await saveName(' Work-phone ');

    expect(await screen.findByText('New MFA device name is the same')).toBeInTheDocument();
    expect(enqueueSnackbar).toHaveBeenCalledWith(
      'New MFA device name is the same',
      expect.objectContaining({ variant: 'warning' }),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    expect(router.state.location.pathname).toBe(`/mfa/${ID}/edit`);
  });

  it("shows the server's refusal next to the name", async () => {
    stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device },
      [`PATCH ${DEVICE_PATH}`]: apiError(409, 'CONFLICT', 'An MFA device with this name already exists', {
        name: 'An MFA device with this name already exists',
      }),
    });
    const { handleError } = renderEdit();
    await saveName('Tablet');
    expect(await screen.findByText('An MFA device with this name already exists')).toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();
  });

  it('checks the MFA name rules before sending', async () => {
    const fetchMock = stubFetch({ [`GET ${DEVICE_PATH}`]: { body: device } });
    renderEdit();
    await saveName('ab');
    expect(await screen.findByText('Name should have at least 4 symbols')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('saves the new name, says so and goes back to the details', async () => {
    let sent: unknown;
    stubFetch({
      [`GET ${DEVICE_PATH}`]: { body: device },
      [`PATCH ${DEVICE_PATH}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return { body: { ...device, name: 'Tablet' } };
      },
    });
    const { router } = renderEdit();
    expect(await screen.findByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/mfa/${ID}`);
    await saveName('Tablet');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/mfa/${ID}`));
    expect(sent).toEqual({ name: 'Tablet' });
    expect(await screen.findByText('MFA device was successfully updated')).toBeInTheDocument();
  });

  it('goes back to the list when the device cannot be loaded', async () => {
    stubFetch({
      [`GET ${DEVICE_PATH}`]: apiError(404, 'NOT_FOUND', 'MFA device not found.'),
    });
    const { router } = renderEdit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mfa'));
  });
});
