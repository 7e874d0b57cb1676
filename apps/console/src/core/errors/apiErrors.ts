import type { ErrorCode } from '@skyvault/contract';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../api/client';

export type { ApiError };

/** The API's answer to a failed call, or undefined for any other failure (a bug, a cancelled call). */
export const apiErrorOf = (error: unknown): ApiError | undefined =>
  error instanceof ApiError ? error : undefined;

/** Whether the failure is the API's answer with this status and, when given, this code. */
export const isApiError = (
  error: unknown,
  { status, code }: { status?: number; code?: ErrorCode },
): error is ApiError =>
  error instanceof ApiError &&
  (status === undefined || error.status === status) &&
  (code === undefined || error.code === code);

/** A refusal of the rules (409): the server's message says why, and the screen tells it. */
export const isConflict = (error: unknown): error is ApiError => isApiError(error, { status: 409 });

/** What to tell the user about a failure: the server's own words, or the generic message. */
export const failureMessage = (error: unknown): string =>
  apiErrorOf(error)?.message ?? UNEXPECTED_ERROR_MESSAGE;

/**
 * The service cannot answer for a while (its database is down or restarting, or it sheds load): a
 * 503 that names the database or says when to ask again. Reads are retried by themselves meanwhile.
 */
export const isTemporarilyUnavailable = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 503 &&
  (error.code === 'DATABASE_UNAVAILABLE' || error.retryAfter !== undefined);
