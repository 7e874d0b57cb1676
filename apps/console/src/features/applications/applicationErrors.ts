import { type FieldErrors, get } from 'react-hook-form';
import type { ApplicationFormValues } from './applicationForm';

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
