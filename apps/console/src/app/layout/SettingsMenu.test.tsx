import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COLOR_MODE_KEY } from '../../core/colorMode';
import { LOGGED_IN_KEY } from '../../core/session/loggedInFlag';
import { apiError, stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SettingsMenu } from './SettingsMenu';

// The real toast function, wrapped so a test can read what it was given.
vi.mock('notistack', (importOriginal) =>
  import('../../test/toastSpy').then((spy) => spy.spyOnToasts(importOriginal)),
);
const { enqueueSnackbar } = await import('notistack');

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Settings' }));

describe('SettingsMenu', () => {
  it("shows the tenant's name, copies its id and says 'Copied to clipboard' briefly", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<SettingsMenu />);

    openMenu();
    const tenant = await screen.findByRole('menuitem', {
      name: `${adminUser.tenant.name} ${adminUser.tenant.id} Copy tenant id`,
    });
    expect(tenant).toHaveTextContent(adminUser.tenant.name);
    expect(tenant).toHaveTextContent(adminUser.tenant.id);
    fireEvent.click(tenant);

    expect(writeText).toHaveBeenCalledWith(adminUser.tenant.id);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(enqueueSnackbar).toHaveBeenCalledWith(
      'Copied to clipboard',
      expect.objectContaining({ autoHideDuration: 300 }),
    );
  });

  it('offers Change tenant name only to those given it (administrators)', async () => {
    const onChangePassword = vi.fn();
    renderWithProviders(<SettingsMenu onChangePassword={onChangePassword} />);
    openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Change tenant name' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    expect(onChangePassword).toHaveBeenCalled();
  });

  it('switches the theme between System, Light and Dark, one checked at a time, and remembers it', async () => {
    renderWithProviders(<SettingsMenu />);
    openMenu();
    const checked = async () =>
      (await screen.findAllByRole('menuitemradio'))
        .filter((item) => item.getAttribute('aria-checked') === 'true')
        .map((item) => item.getAttribute('aria-label'));
    expect(await checked()).toEqual(['Theme: System']);

    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Theme: Dark' }));
    expect(await checked()).toEqual(['Theme: Dark']);
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('dark');
    // The menu stays open, so the check mark shows what now applies.
    expect(screen.getByRole('menu')).toBeVisible();

    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Theme: Light' }));
    expect(await checked()).toEqual(['Theme: Light']);
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('light');
  });

  it('logs out with a POST: clears the local mark before calling the server, then goes to login', async () => {
    localStorage.setItem(LOGGED_IN_KEY, 'true');
    let markDuringCall: string | null = 'not called';
    const fetchMock = stubFetch({
      'POST /api/v1/auth/logout': () => {
        markDuringCall = localStorage.getItem(LOGGED_IN_KEY);
        return { status: 204 };
      },
    });
    const { router } = renderWithProviders(<SettingsMenu />, { path: '/users' });

    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A POST with the console's header: the API's CSRF rule lets no other site sign anyone out.
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(new Headers(init.headers).get('X-Requested-With')).toBe('skyvault-console');
    expect(markDuringCall).toBeNull();
    expect(await screen.findByText('You were successfully logged out')).toBeInTheDocument();
  });

  it('still goes to login when the session had already ended', async () => {
    stubFetch({
      'POST /api/v1/auth/logout': apiError(401, 'INVALID_SESSION_EXCEPTION', 'Session expired'),
    });
    const { router, handleError } = renderWithProviders(<SettingsMenu />, { path: '/users' });
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(handleError).not.toHaveBeenCalled();
  });
});
