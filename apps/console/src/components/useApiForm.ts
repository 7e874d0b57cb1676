import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { useFormErrorReport } from '../core/errors/formErrors';

/**
 * How the form is checked: the contract's schema (the same rules the API applies), or a resolver built
 * on the contract's schemas when the form picks between them.
 */
type FormCheck<Values extends FieldValues, Output> =
  | { schema: ZodType<Output, Values>; resolver?: never }
  | { resolver: Resolver<Values, unknown, Output>; schema?: never };

export type ApiFormOptions<Values extends FieldValues, Output, Answer> = FormCheck<Values, Output> & {
  defaultValues: DefaultValues<Values>;
  mode?: Mode;
  /**
   * Every field shown but not editable: a form the user may read and not change (their administrator
   * roles do not give the call's permission). The form then has no Save either.
   */
  readOnly?: boolean;
  /** Only the fields on screen are part of the values (a form that swaps one field for another). */
  shouldUnregister?: boolean;
  /** The call, given the checked values; its calls run with FORM_META. */
  send: (values: Output) => Promise<Answer>;
  /** What the form does with the answer. */
  onSent?: (answer: Answer) => void;
  /**
   * An error the form explains itself (given the form, e.g. to put it on a field) returns true; the
   * others go to their fields or the shared handler.
   */
  onError?: (error: unknown, form: UseFormReturn<Values, unknown, Output>) => boolean;
};

export interface ApiForm<Values extends FieldValues, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Submits as the form's own submit does (a confirmation's button that sends the form again). */
  submit: () => Promise<void>;
  /** From submit until the call has answered. */
  busy: boolean;
}

/**
 * A form whose submit is one API call: react-hook-form checked with the contract's schema, then the call;
 * the server's messages for the form's fields go next to them (the first one focused) and any other
 * failure to the shared handler (core/errors/formErrors).
 */
export function useApiForm<Values extends FieldValues, Output, Answer>({
  schema,
  resolver,
  defaultValues,
  mode,
  readOnly,
  shouldUnregister,
  send,
  onSent,
  onError,
}: ApiFormOptions<Values, Output, Answer>): ApiForm<Values, Output> {
  const reportError = useFormErrorReport();
  const form = useForm<Values, unknown, Output>({
    resolver: resolver ?? (zodResolver(schema) as Resolver<Values, unknown, Output>),
    defaultValues,
    mode,
    shouldUnregister,
    // Left unset for whom the form is open: react-hook-form then manages each field's own state.
    disabled: readOnly || undefined,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    let answer: Answer;
    try {
      answer = await send(values);
    } catch (error) {
      if (!onError?.(error, form)) reportError(form, error);
      return;
    }
    onSent?.(answer);
  });

  return { form, onSubmit, submit: () => onSubmit(), busy: form.formState.isSubmitting };
}
