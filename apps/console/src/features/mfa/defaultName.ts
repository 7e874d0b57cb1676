import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';

/** What a new factor is called until the user names it otherwise: 'Authenticator-1', 'Passkey-2' … */
export const DEFAULT_NAME_BASE = { authenticator: 'Authenticator', passkey: 'Passkey' } as const;

/**
 * `${base}-${n}` with the smallest n from 1 that none of `taken` holds, whatever its case (names are
 * unique per user whatever their case). A hyphen, not a space: MFA names are letters, digits, '-' and
 * '_' (SPEC.md §5), so the proposal is accepted as it is.
 */
export function nextFreeName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  let n = 1;
  while (used.has(`${base}-${n}`.toLowerCase())) n += 1;
  return `${base}-${n}`;
}

/**
 * Puts the proposed name in the form's name field once the user's names are known, unless they have
 * typed one already: the proposal becomes the field's starting value.
 */
export function useProposedName(form: UseFormReturn<{ name: string }>, proposal: string | undefined) {
  useEffect(() => {
    if (proposal && !form.formState.dirtyFields.name) form.reset({ name: proposal });
  }, [form, proposal]);
}
