import { ERROR_MESSAGES } from '@skyvault/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { LOGGED_IN_KEY } from '../session/loggedInFlag';
import { type CurrentLocation, createErrorHandler, UNAVAILABLE_NOTICE_MS } from './errorHandler';
import { isHandledByErrorHandler } from './formErrors';

function setup(location: CurrentLocation = { pathname: '/users', search: '?page=2', hash: '' }) {
  let clock = 1_000_000;
  const deps = {
    navigate: vi.fn(),
    notifyError: vi.fn(),
    notifyInfo: vi.fn(),
    location: () => location,
    now: () => clock,
    tick: (ms: number) => {
      clock += ms;
    },
  };
  return { ...deps, handle: createErrorHandler(deps) };
}

const apiError = (status: number, code: ApiError['code'], extra: Partial<ApiError> = {}) =>
  new ApiError({ status, code, message: `server says ${code}`, ...extra });

describe('the error handler', () => {
  beforeEach(() => localStorage.setItem(LOGGED_IN_KEY, 'true'));

  it('401 INVALID_SESSION_EXCEPTION logs out locally and goes to login with the way back', () => {
    const { handle, navigate, notifyError } = setup();
    handle(apiError(401, 'INVALID_SESSION_EXCEPTION'));
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login?redirectTo=%2Fusers%3Fpage%3D2');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('401 on a public screen does not send login to itself', () => {
    const { handle, navigate } = setup({ pathname: '/auth/login', search: '', hash: '' });
    handle(apiError(401, 'INVALID_SESSION_EXCEPTION'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('403 INSUFFICIENT_ACCESS sends the user to MFA Devices', () => {
    const { handle, navigate, notifyError } = setup();
    handle(apiError(403, 'INSUFFICIENT_ACCESS'));
    expect(navigate).toHaveBeenCalledWith('/mfa');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('403 INSUFFICIENT_ACCESS on an auth screen is shown, not redirected', () => {
    const { handle, navigate, notifyError } = setup({ pathname: '/auth/login', search: '', hash: '' });
    handle(apiError(403, 'INSUFFICIENT_ACCESS'));
    expect(navigate).not.toHaveBeenCalled();
    expect(notifyError).toHaveBeenCalledWith('server says INSUFFICIENT_ACCESS');
  });

  it('403 ForceResetPasswordException goes to change password with the code and the current path', () => {
    const { handle, navigate } = setup({ pathname: '/roles', search: '', hash: '' });
    handle(apiError(403, 'ForceResetPasswordException', { resetCode: 'abc123' }));
    expect(navigate).toHaveBeenCalledWith('/auth/change-password?code=abc123&redirectTo=%2Froles');
  });

  it("ForceResetPasswordException during login keeps login's redirectTo", () => {
    const { handle, navigate } = setup({
      pathname: '/auth/login',
      search: '?redirectTo=%2Fgroups',
      hash: '',
    });
    handle(apiError(403, 'ForceResetPasswordException', { resetCode: 'abc123' }));
    expect(navigate).toHaveBeenCalledWith('/auth/change-password?code=abc123&redirectTo=%2Fgroups');
  });

  it('403 IP_NOT_ALLOWED while signed in logs out locally, goes to login and says why, even for forms', () => {
    const { handle, navigate, notifyError } = setup();
    handle(apiError(403, 'IP_NOT_ALLOWED'), { toast: false });
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login?redirectTo=%2Fusers%3Fpage%3D2');
    expect(notifyError).toHaveBeenCalledWith('server says IP_NOT_ALLOWED', { lasting: true });
  });

  it('403 IP_NOT_ALLOWED on the login page stays there and shows the reason', () => {
    const { handle, navigate, notifyError } = setup({ pathname: '/auth/login', search: '', hash: '' });
    handle(apiError(403, 'IP_NOT_ALLOWED'), { toast: false });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('true');
    expect(notifyError).toHaveBeenCalledWith('server says IP_NOT_ALLOWED', { lasting: true });
  });

  it('counts IP_NOT_ALLOWED among the errors a screen leaves to the handler', () => {
    expect(isHandledByErrorHandler(apiError(403, 'IP_NOT_ALLOWED'))).toBe(true);
    expect(isHandledByErrorHandler(apiError(409, 'IP_RANGE_LOCKOUT'))).toBe(false);
  });

  it('403 MFA_ENROLMENT_REQUIRED goes to the MFA enrolment page with the way back, without a toast', () => {
    const { handle, navigate, notifyError } = setup();
    handle(apiError(403, 'MFA_ENROLMENT_REQUIRED'));
    expect(navigate).toHaveBeenCalledWith('/mfa-enrolment?redirectTo=%2Fusers%3Fpage%3D2');
    expect(notifyError).not.toHaveBeenCalled();
    expect(isHandledByErrorHandler(apiError(403, 'MFA_ENROLMENT_REQUIRED'))).toBe(true);
  });

  it('403 MFA_ENROLMENT_REQUIRED on the enrolment page stays there; from login it keeps the target', () => {
    const enrolling = setup({ pathname: '/mfa-enrolment', search: '?redirectTo=%2Fusers', hash: '' });
    enrolling.handle(apiError(403, 'MFA_ENROLMENT_REQUIRED'));
    expect(enrolling.navigate).not.toHaveBeenCalled();
    expect(enrolling.notifyError).not.toHaveBeenCalled();

    const login = setup({ pathname: '/auth/login', search: '?redirectTo=%2Fgroups', hash: '' });
    login.handle(apiError(403, 'MFA_ENROLMENT_REQUIRED'));
    expect(login.navigate).toHaveBeenCalledWith('/mfa-enrolment?redirectTo=%2Fgroups');
  });

  it("shows any other error's server message in a toast", () => {
    const { handle, navigate, notifyError } = setup();
    handle(apiError(409, 'CONFLICT'));
    expect(notifyError).toHaveBeenCalledWith('server says CONFLICT');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('falls back to a generic message for errors without one from the server', () => {
    const { handle, notifyError } = setup();
    handle(new TypeError('x is undefined'));
    expect(notifyError).toHaveBeenCalledWith('Something went wrong. Please try again.');
  });

  it('leaves the toast to the caller when asked', () => {
    const { handle, notifyError } = setup();
    handle(apiError(400, 'VALIDATION_ERROR'), { toast: false });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('stays silent for aborted and cancelled requests', () => {
    const { handle, navigate, notifyError } = setup();
    handle(new DOMException('The operation was aborted.', 'AbortError'));
    handle(Object.assign(new Error('cancelled'), { name: 'CancelledError' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('503 DATABASE_UNAVAILABLE is a notice, not an error, shown once however many calls fail', () => {
    const { handle, navigate, notifyError, notifyInfo, tick } = setup();
    const unavailable = apiError(503, 'DATABASE_UNAVAILABLE', { retryAfter: 5 });
    handle(unavailable);
    handle(unavailable, { toast: false });
    tick(UNAVAILABLE_NOTICE_MS - 1);
    handle(unavailable);
    expect(notifyInfo).toHaveBeenCalledTimes(1);
    expect(notifyInfo).toHaveBeenCalledWith('The service is temporarily unavailable. Retrying…');
    expect(ERROR_MESSAGES.DATABASE_UNAVAILABLE).toBe('The service is temporarily unavailable. Retrying…');
    expect(notifyError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    // Still away a while later: said again.
    tick(1);
    handle(unavailable);
    expect(notifyInfo).toHaveBeenCalledTimes(2);
  });

  it('any 503 with Retry-After is the same notice; a 503 without it, or a 500, stays an error', () => {
    const { handle, notifyError, notifyInfo } = setup();
    handle(apiError(503, 'SERVICE_UNAVAILABLE', { retryAfter: 10 }));
    expect(notifyInfo).toHaveBeenCalledWith(ERROR_MESSAGES.DATABASE_UNAVAILABLE);
    handle(apiError(503, 'SERVICE_UNAVAILABLE'));
    handle(apiError(500, 'INTERNAL_ERROR'));
    expect(notifyInfo).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledTimes(2);
  });
});
