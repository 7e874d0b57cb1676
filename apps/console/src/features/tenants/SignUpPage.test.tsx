import { SIGN_UP_REFUSALS } from '@skyvault/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../core/paths/routes';
import { apiError } from '../../test/fetchStub';
import { fieldLabelled } from '../../test/fields';
import { findLocation, renderPublicPage, sentBody, stubApi } from '../../test/renderPublicPage';
import { SignUpPage } from './SignUpPage';

const openSignUp = (query = '') =>
  renderPublicPage(`${routes['tenants.new']}${query}`, {
    path: routes['tenants.new'],
    element: <SignUpPage />,
  });

const field = (label: string) => fieldLabelled(label);

describe('SignUpPage', () => {
  it('shows the rules of every field when sent empty', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    openSignUp();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/tenants'), expect.anything());
    expect(screen.getByRole('link', { name: 'Sign in!' })).toHaveAttribute('href', '/auth/login');
  });

  it('says sign-up is off instead of offering a form the API would refuse (SIGNUP_MODE off)', async () => {
    stubApi({ 'GET /api/v1/brand': { body: { brand: 'skyvault', signUp: 'off' } } });
    openSignUp();
    expect(await screen.findByText(SIGN_UP_REFUSALS.off)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in!' })).toHaveAttribute('href', '/auth/login');
  });

  it('fills the e-mail the login found no tenant for', () => {
    stubApi({});
    openSignUp('?email=nobody%40example.com');
    expect(field('Email')).toHaveValue('nobody@example.com');
  });

  it('checks the e-mail, the password rules and the confirmation', async () => {
    const user = userEvent.setup();
    stubApi({});
    openSignUp();
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Email should be valid')).toBeInTheDocument();
    expect(screen.getByText('Password should have at least 8 symbols')).toBeInTheDocument();
    expect(screen.getByText('Passwords are not the same')).toBeInTheDocument();

    // After the first attempt every field is checked again as it changes.
    await user.clear(field('Password'));
    await user.type(field('Password'), 'longenough1');
    expect(await screen.findByText('Password should have at least 1 special symbol')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Password requirements' })).toHaveTextContent('1 number (met)');
  });

  it('signs up and goes to wait for the verification e-mail', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/tenants': { status: 201, body: { email: 'ada@example.com' } },
    });
    openSignUp('?application=devOps');
    await user.type(field('First name'), 'Ada');
    await user.type(field('Last name'), 'Lovelace');
    await user.type(field('Email'), 'Ada@Example.com');
    await user.type(field('Password'), 'Secret-123');
    await user.type(field('Confirm password'), 'Secret-123{Enter}');

    const location = await findLocation();
    expect(location.pathname).toBe('/tenants/wait-verification');
    expect(location.searchParams.get('email')).toBe('ada@example.com');
    expect(sentBody(fetchMock, 'POST', '/api/v1/tenants')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'Secret-123',
      confirmPassword: 'Secret-123',
      application: 'devOps',
    });
  });

  it("shows the server's validation messages on their fields", async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/tenants': apiError(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        lastName: 'Last name should not contain "<", ">" or control characters',
      }),
    });
    openSignUp();
    await user.type(field('First name'), 'Ada');
    await user.type(field('Last name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'Secret-123');
    await user.type(field('Confirm password'), 'Secret-123{Enter}');

    expect(
      await screen.findByText('Last name should not contain "<", ">" or control characters'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Some fields are not valid.')).not.toBeInTheDocument();
  });
});
