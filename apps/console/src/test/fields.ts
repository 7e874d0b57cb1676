import { fireEvent, screen, within } from '@testing-library/react';

/**
 * A form's input by its label; a required field's label ends with an asterisk. Radio buttons are not
 * typed into, so a radio of the same name (Azure's "Account key" authentication) is not one.
 */
export const fieldLabelled = (label: string, container: HTMLElement = document.body) =>
  within(container).getByLabelText(new RegExp(`^${label}\\s*\\*?$`), {
    selector: 'input:not([type="radio"])',
  });

/** Types into a field of the form (or dialog) by its label, with the `input` event typing fires. */
export function fill(container: HTMLElement, label: string, value: string) {
  fireEvent.input(fieldLabelled(label, container), { target: { value } });
}

/** Picks an option of an MUI select (its listbox opens outside the dialog). */
export function choose(container: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}
