import { DATE_FORMAT } from '@skyvault/contract';
import dayjs from 'dayjs';

/** Every date in the console, e.g. 'March 4, 2025 at 14:05' (SPEC.md §2); empty when there is none. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}
