import { InputField, type InputFieldProps } from './InputField';

/*
 * The text fields that many forms share, with the settings they always have; a form passes the field's
 * binding (formField) and what differs. None of them is a select, so they are InputFields (the login
 * page's first load has no room for TextField's Select).
 */

/** An item's name: the first field of its create and edit forms. */
export function NameField(props: InputFieldProps) {
  return <InputField label="Name" required fullWidth autoFocus autoComplete="off" {...props} />;
}

/** An e-mail address (sign-up, login, a user's address). */
export function EmailField(props: InputFieldProps) {
  return <InputField label="Email" type="email" required fullWidth {...props} />;
}

/** A 6-digit code from an e-mail or an authenticator app: the phone's keypad, and its one-time-code fill. */
export function VerificationCodeField({ maxLength, ...props }: InputFieldProps & { maxLength?: number }) {
  return (
    <InputField
      label="Verification code"
      autoComplete="one-time-code"
      autoFocus
      required
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength } }}
      {...props}
    />
  );
}

/** An item's free-text description (groups, roles): a few lines, optional. */
export function DescriptionField(props: InputFieldProps) {
  return <InputField label="Description" fullWidth multiline minRows={2} {...props} />;
}
