import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../core/paths/routes';
import { apiError } from '../../test/fetchStub';
import { findLocation, renderPublicPage, sentBody, stubApi } from '../../test/renderPublicPage';
import { ChangePasswordPage } from './ChangePasswordPage';

const openPage = (query: string) =>
  renderPublicPage(`${routes['auth.change-password']}${query}`, {
    path: routes['auth.change-password'],
    element: <ChangePasswordPage />,
  });

const validCode = { 'GET /api/v1/auth/change-password/reset-1': { body: { email: 'ada@example.com' } } };
const submitButton = () => screen.getByRole('button', { name: 'Change password' });

describe('ChangePasswordPage', () => {
  it('goes to login without a code', async () => {
    stubApi({});
    openPage('?redirectTo=%2Fusers');
    const location = await findLocation();
    expect(location.pathname).toBe('/auth/login');
    expect(location.searchParams.get('redirectTo')).toBe('/users');
  });

  it("goes to login with the server's message when the code is not valid", async () => {
    const message = 'This password reset link has expired. Please ask for a new one.';
    stubApi({
      'GET /api/v1/auth/change-password/old': apiError(400, 'INVALID_CODE', message),
    });
    openPage('?code=old');
    expect((await findLocation()).pathname).toBe('/auth/login');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('keeps the button disabled until every rule is met and both passwords match', async () => {
    const user = userEvent.setup();
    stubApi(validCode);
    openPage('?code=reset-1');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(checklist).toHaveTextContent('8 characters (not met)');
    expect(submitButton()).toBeDisabled();

    await user.type(screen.getByLabelText(/^New password/), 'abcdefgh');
    expect(checklist).toHaveTextContent('8 characters (met)');
    expect(checklist).toHaveTextContent('1 letter (met)');
    expect(checklist).toHaveTextContent('1 number (not met)');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'abcdefgh');
    expect(submitButton()).toBeDisabled();

    await user.type(screen.getByLabelText(/^New password/), '1!');
    expect(checklist).toHaveTextContent('1 special character (met)');
    // The confirmation was left when the new password was typed into again.
    expect(screen.getByText('Passwords are not the same')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await user.type(screen.getByLabelText(/^Confirm new password/), '1!');
    expect(screen.queryByText('Passwords are not the same')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('changes the password, says so and goes to login keeping redirectTo', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ ...validCode, 'PATCH /api/v1/auth/change-password': { status: 204 } });
    openPage('?code=reset-1&redirectTo=%2Froles');
    await user.type(await screen.findByLabelText(/^New password/), 'Secret-123');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Secret-123{Enter}');

    const location = await findLocation();
    expect(location.pathname).toBe('/auth/login');
    expect(location.searchParams.get('redirectTo')).toBe('/roles');
    expect(await screen.findByText('Password was successfully changed')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PATCH', '/api/v1/auth/change-password')).toEqual({
      password: 'Secret-123',
      code: 'reset-1',
    });
  });
});
