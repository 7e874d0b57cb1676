import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../core/paths/routes';
import { apiError } from '../../test/fetchStub';
import { renderPublicPage, sentBody, stubApi } from '../../test/renderPublicPage';
import { VerifyTenantPage } from './VerifyTenantPage';
import { WaitVerificationPage } from './WaitVerificationPage';

const openVerify = (query: string) =>
  renderPublicPage(`${routes['tenants.verify']}${query}`, {
    path: routes['tenants.verify'],
    element: <VerifyTenantPage />,
  });

describe('VerifyTenantPage', () => {
  it('activates the organization and offers to log in to it', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/tenants/verify': { body: { tenantName: 'ada', email: 'ada@example.com' } },
    });
    openVerify('?token=tok-1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your organization is active' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?tenantName=ada&email=ada%40example.com',
    );
    expect(sentBody(fetchMock, 'POST', '/api/v1/tenants/verify')).toEqual({ token: 'tok-1' });
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/tenants/verify'))).toHaveLength(
      1,
    );
  });

  it("shows the server's message for an expired link and sends a new one", async () => {
    const user = userEvent.setup();
    const message = 'This verification link has expired. We can send you a new one.';
    const fetchMock = stubApi({
      'POST /api/v1/tenants/verify': apiError(400, 'INVALID_CODE', message),
      'POST /api/v1/tenants/verification-email': { status: 204 },
    });
    openVerify('?token=old');

    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(/We have sent a new verification e-mail/)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/v1/tenants/verification-email')).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('WaitVerificationPage', () => {
  it('says where the e-mail went, how long the link lives, and sends it again', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/v1/tenants/verification-email': { status: 204 } });
    renderPublicPage(`${routes['tenants.wait-verification']}?email=ada%40example.com`, {
      path: routes['tenants.wait-verification'],
      element: <WaitVerificationPage />,
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(
      screen.getByText(/activate your organization\. The link in it expires in 48 hours\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText(/We have sent a new verification e-mail/)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/v1/tenants/verification-email')).toEqual({
      email: 'ada@example.com',
    });
  });
});
