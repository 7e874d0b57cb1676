import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode, type ProviderChoice } from '@skyvault/contract';

/**
 * The one error type services throw. The error handler turns it into the contract's error body;
 * anything else that escapes is a bug and answers 500 with only a request id.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: {
      fields?: Record<string, string>;
      resetCode?: string;
      retryAfter?: number;
      providers?: ProviderChoice[];
    } = {},
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what?: string) => new AppError('NOT_FOUND', what);
export const forbidden = (message?: string) => new AppError('INSUFFICIENT_ACCESS', message);
export const unauthorized = (message?: string) => new AppError('INVALID_SESSION_EXCEPTION', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, { fields });
/** A rule the schema cannot see (uniqueness, cross-row checks), reported on one field like a schema error. */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { fields: { [field]: message } });

/** A TOTP code that is missing or wrong, reported on the code field. */
export const invalidTotp = (message: string) =>
  new AppError('INVALID_TOTP', message, { fields: { code: message } });
