import { RECOVERY_CODE_TEXTS } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';

/** jsdom's Blob has no text(): its FileReader reads it. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);

function renderDialog(onClose = vi.fn()) {
  renderWithProviders(<RecoveryCodesDialog codes={CODES} open onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: RECOVERY_CODE_TEXTS.title }), onClose };
}

describe('RecoveryCodesDialog', () => {
  it('shows the ten codes with what they are for', () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveAccessibleDescription(RECOVERY_CODE_TEXTS.intro);
    const list = within(dialog).getByRole('list', { name: RECOVERY_CODE_TEXTS.title });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
  });

  it('copies the codes, one a line, with the short toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${CODES.join('\n')}\n`));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
  });

  it('downloads them as a text file', async () => {
    const files: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: vi.fn((blob: Blob) => {
        files.push(blob);
        return 'blob:recovery-codes';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.download }));
    click.mockRestore();

    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(RECOVERY_CODE_TEXTS.fileName);
    expect(clicked[0]!.getAttribute('href')).toBe('blob:recovery-codes');
    expect(await readText(files[0]!)).toBe(`${CODES.join('\n')}\n`);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recovery-codes');
  });

  it('closes only with "I have saved my codes", not with Escape', () => {
    const { dialog, onClose } = renderDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.saved }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
