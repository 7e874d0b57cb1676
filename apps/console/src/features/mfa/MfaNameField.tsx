import type { UseFormReturn } from 'react-hook-form';
import { formField } from '../../components/formField';
import { NameField } from '../../components/TextFields';

/** Shown under the field until there is an error: the MFA name rules of SPEC.md §5, in short. */
const NAME_HINT = '4 to 64 letters, digits, "-" or "_"';

/** The device name of the Add dialog and the edit screen; both validate with the contract's rule. */
export function MfaNameField({ form }: { form: UseFormReturn<{ name: string }> }) {
  return <NameField {...formField(form, 'name', NAME_HINT)} />;
}
