import { type FieldErrors, type FieldPath, get, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../core/api/client';
import type { ApplicationFormOutput, ApplicationFormValues } from './applicationForm';

type ApplicationFormAccess = Pick<
  UseFormReturn<ApplicationFormValues, unknown, ApplicationFormOutput>,
  'setError' | 'getValues'
>;

/**
 * The server names the edit form's nested fields by their dotted path ('data.oauth.authorizedCallbackURLs.0',
 * 'data.authorizationPolicy.accessTokenLifetime'); those go next to their fields. Returns false when the
 * error names none of them, for the caller to pass it on.
 */
export function showFieldErrors(form: ApplicationFormAccess, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const roots = Object.keys(form.getValues());
  const own = Object.entries(error.fields).filter(([path]) => roots.includes(path.split('.')[0] ?? ''));
  for (const [index, [path, message]] of own.entries()) {
    form.setError(
      path as FieldPath<ApplicationFormValues>,
      { type: 'server', message },
      { shouldFocus: index === 0 },
    );
  }
  return own.length > 0;
}

export interface UrlListErrors {
  /** About the list as a whole, e.g. 'At least one callback URL is required'. */
  list?: string;
  /** Each entry's message, by position. */
  items: (string | undefined)[];
}

type MessageOf = { message?: string } | undefined;
/** What the form holds at a list's path: its own error, or its entries' errors (an array, maybe with a root). */
type ListError = { message?: string; root?: MessageOf } & Partial<ArrayLike<MessageOf>>;

/** The messages of a URL list out of the form's errors: the list's own, and its entries'. */
export function urlListErrors(errors: FieldErrors<ApplicationFormValues>, name: string): UrlListErrors {
  const found = get(errors, name) as ListError | undefined;
  if (!found) return { items: [] };
  const items = Array.isArray(found) ? Array.from(found as MessageOf[], (item) => item?.message) : [];
  return { list: found.message ?? found.root?.message, items };
}
