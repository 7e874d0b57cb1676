import { CODE_REFUSALS, EMAIL_PROOF_PAGE } from '@skyvault/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../core/paths/routes';
import { apiError } from '../../test/fetchStub';
import { renderPublicPage, sentBody, stubApi } from '../../test/renderPublicPage';
import { ConfirmEmailPage } from './ConfirmEmailPage';

const open = (query: string) =>
  renderPublicPage(`${routes['auth.confirm-email']}${query}`, {
    path: routes['auth.confirm-email'],
    element: <ConfirmEmailPage />,
  });

describe('ConfirmEmailPage', () => {
  it('proves the address once and offers to log in with it', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/users/email-proof': { body: { tenantName: 'ada', email: 'new@example.com' } },
    });
    open('?token=tok-1');

    expect(
      await screen.findByRole('heading', { level: 1, name: EMAIL_PROOF_PAGE.provenTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(EMAIL_PROOF_PAGE.proven('new@example.com', 'ada'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EMAIL_PROOF_PAGE.logIn })).toHaveAttribute(
      'href',
      '/auth/login?tenantName=ada&email=new%40example.com',
    );
    expect(sentBody(fetchMock, 'POST', '/api/v1/users/email-proof')).toEqual({ token: 'tok-1' });
    const proofCalls = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/email-proof'));
    expect(proofCalls).toHaveLength(1);
  });

  it("shows the server's message for an expired link and asks for a new one", async () => {
    const user = userEvent.setup();
    const message = CODE_REFUSALS.emailProofLink.expired;
    const fetchMock = stubApi({
      'POST /api/v1/users/email-proof': apiError(400, 'INVALID_CODE', message),
      'POST /api/v1/users/email-proof/requests': { status: 204 },
    });
    open('?token=old');

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: EMAIL_PROOF_PAGE.failedTitle })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: EMAIL_PROOF_PAGE.resendButton }));
    expect(await screen.findByText(EMAIL_PROOF_PAGE.resent)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/v1/users/email-proof/requests')).toEqual({
      email: 'new@example.com',
    });
  });

  it('asks the server nothing for a link without its token', async () => {
    const fetchMock = stubApi({});
    open('');
    expect(await screen.findByText(EMAIL_PROOF_PAGE.incompleteLink)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/email-proof'))).toBe(false);
  });
});
