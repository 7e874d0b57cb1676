import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { LazyGroupPicker } from './LazyGroupPicker';

describe('the group picker that loads after the screen', () => {
  it('hands the focus to the picker when a keyboard user is in the stand-in as it arrives', async () => {
    renderWithProviders(
      <LazyGroupPicker
        value={null}
        current={null}
        label="Group"
        hint=""
        loadOnOpen
        onChange={vi.fn()}
        onBlur={vi.fn()}
        inputRef={null}
      />,
    );
    const standIn = screen.getByRole('textbox', { name: 'Group' });
    standIn.focus();
    // The test runner compiles the picker's modules on first import: longer than a browser takes.
    const picker = await screen.findByRole('combobox', { name: 'Group' }, { timeout: 10_000 });
    expect(picker).toHaveFocus();
  });
});
