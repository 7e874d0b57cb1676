import { MESSAGES } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, stubFetch } from '../../../test/fetchStub';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RecoveryCodesCard } from './RecoveryCodesCard';

const STATUS = 'GET /api/v1/mfa/recovery-codes';
const REGENERATE = 'POST /api/v1/mfa/recovery-codes';
const CONFIRM = 'Regenerate recovery codes? The codes you have now will stop working.';
const NEW_CODES = Array.from({ length: 10 }, (_, index) => `n3w0${index}-c0de${index}`);
const status = (remaining: number) => ({
  remaining,
  total: 10,
  createdAt: '2026-03-01T09:00:00.000Z',
  enrolled: true,
});

const renderCard = () => renderWithProviders(<RecoveryCodesCard />, { path: '/mfa' });
/** The page behind an open dialog is hidden from the accessibility tree, not gone. */
const card = () => screen.getByRole('region', { name: 'Recovery codes', hidden: true });

async function askToRegenerate() {
  fireEvent.click(await within(card()).findByRole('button', { name: 'Regenerate codes' }));
  return screen.findByRole('dialog', { name: CONFIRM });
}

describe('RecoveryCodesCard', () => {
  it('says how many codes are left', async () => {
    stubFetch({ [STATUS]: { body: status(7) } });
    renderCard();
    expect(await within(card()).findByText('7 of 10 recovery codes left')).toBeInTheDocument();
  });

  it('says when there are none yet, and offers nothing to regenerate', async () => {
    stubFetch({ [STATUS]: { body: { remaining: 0, total: 0, createdAt: null, enrolled: false } } });
    renderCard();
    expect(
      await within(card()).findByText('No recovery codes yet: they are created with your first factor.'),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Regenerate codes' })).not.toBeInTheDocument();
  });

  it('regenerates after a current code, shows the new set once and counts it', async () => {
    let regenerated = false;
    const sent: unknown[] = [];
    stubFetch({
      [STATUS]: () => ({ body: status(regenerated ? 10 : 3) }),
      [REGENERATE]: (init) => {
        sent.push(bodyOf(init));
        regenerated = true;
        return { body: { codes: NEW_CODES } };
      },
    });
    renderCard();
    await within(card()).findByText('3 of 10 recovery codes left');
    const dialog = await askToRegenerate();
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Verification code/ }), {
      target: { value: '246810' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate codes' }));

    const codes = await screen.findByRole('dialog', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES);
    expect(sent).toEqual([{ code: '246810' }]);
    expect(await screen.findByText('Recovery codes were successfully regenerated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: CONFIRM })).not.toBeInTheDocument();

    fireEvent.click(within(codes).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Recovery codes' })).not.toBeInTheDocument(),
    );
    expect(await within(card()).findByText('10 of 10 recovery codes left')).toBeInTheDocument();
  });

  it('takes the password instead of a code', async () => {
    const sent: unknown[] = [];
    stubFetch({
      [STATUS]: { body: status(2) },
      [REGENERATE]: (init) => {
        sent.push(bodyOf(init));
        return { body: { codes: NEW_CODES } };
      },
    });
    renderCard();
    const dialog = await askToRegenerate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use your password instead' }));
    fireEvent.input(within(dialog).getByLabelText(/Password/, { selector: 'input' }), {
      target: { value: 'Old-password1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate codes' }));
    await screen.findByRole('dialog', { name: 'Recovery codes' });
    expect(sent).toEqual([{ password: 'Old-password1' }]);
  });

  it('keeps the step-up open with the refusal next to the code, and the old set', async () => {
    stubFetch({
      [STATUS]: { body: status(3) },
      [REGENERATE]: apiError(400, 'INVALID_TOTP', MESSAGES.mfaCodeIncorrect, {
        code: MESSAGES.mfaCodeIncorrect,
      }),
    });
    const { handleError } = renderCard();
    const dialog = await askToRegenerate();
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Verification code/ }), {
      target: { value: '000000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate codes' }));

    expect(await within(dialog).findByText(MESSAGES.mfaCodeIncorrect)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(card()).getByText('3 of 10 recovery codes left')).toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();
  });
});
