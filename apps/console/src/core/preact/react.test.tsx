import { fireEvent, render, screen } from '@testing-library/react';
import { options } from 'preact';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';

/*
 * The console runs on Preact's compat layer (vite.config.ts `reactAsPreact`), and so do these tests:
 * what react.ts makes up for, where Preact on its own would differ from React. When effects run is
 * covered where it shows: a mutation's per-call callbacks (licenses/LicenseTab.test.tsx) and the focus
 * of a dialog opened from a menu (the browser tests' MFA device actions).
 */
describe('React on Preact', () => {
  it('is what `react` resolves to here', () => {
    // Preact keeps its hooks on `options`; React has no such export.
    expect(typeof options.vnode).toBe('function');
  });

  it('gives ids unique in the page, a portal’s included', () => {
    function Labelled() {
      const id = useId();
      return <span data-testid="id" id={id} />;
    }
    render(
      <>
        <Labelled />
        {createPortal(<Labelled />, document.body)}
        <Labelled />
      </>,
    );
    const ids = screen.getAllByTestId('id').map((element) => element.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('focuses an autoFocus field when it mounts, without the attribute', async () => {
    function Later() {
      const [shown, setShown] = useState(false);
      return shown ? (
        // biome-ignore lint/a11y/noAutofocus: as the console's dialogs focus their first field (through MUI)
        <input aria-label="code" autoFocus />
      ) : (
        <button type="button" onClick={() => setShown(true)}>
          Show
        </button>
      );
    }
    render(<Later />);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const field = await screen.findByRole('textbox', { name: 'code' });
    expect(field).toHaveFocus();
    expect(field).not.toHaveAttribute('autofocus');
  });

  it('keeps what was typed into an uncontrolled textarea when it renders again', async () => {
    function Note() {
      const [renders, setRenders] = useState(0);
      return (
        <>
          <textarea aria-label="note" value={undefined} onChange={() => setRenders(renders + 1)} />
          <output>{renders}</output>
        </>
      );
    }
    render(<Note />);
    const note = screen.getByRole('textbox', { name: 'note' });
    fireEvent.input(note, { target: { value: 'kept' } });
    expect(await screen.findByText('1')).toBeInTheDocument();
    expect(note).toHaveValue('kept');
  });
});
