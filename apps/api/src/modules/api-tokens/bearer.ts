import { API_TOKEN_PATTERN } from '@skyvault/contract';

/**
 * The token of an `Authorization: Bearer …` header: undefined when the request sends none (a browser's
 * call, which its cookie then signs), '' when it sends one that cannot be ours. A request with any
 * bearer is judged by it alone, never by a cookie it may carry too.
 */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) return /^Bearer\b/i.test(header) ? '' : undefined;
  const token = match[1]!;
  return API_TOKEN_PATTERN.test(token) ? token : '';
}
