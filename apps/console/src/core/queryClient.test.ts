import { ERROR_MESSAGES } from '@skyvault/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client';
import { createErrorHandler } from './errors/errorHandler';
import { createQueryClient, retryDelay, shouldRetry, UNAVAILABLE_RETRIES } from './queryClient';

const unavailable = () =>
  new ApiError({
    status: 503,
    code: 'DATABASE_UNAVAILABLE',
    message: ERROR_MESSAGES.DATABASE_UNAVAILABLE,
    retryAfter: 5,
  });
const failure = (status: number, code?: ApiError['code']) => new ApiError({ status, code, message: 'no' });

describe('the retry policy of reads', () => {
  it('retries a temporarily unavailable service a few times, other failures twice, client errors never', () => {
    for (let count = 0; count < UNAVAILABLE_RETRIES; count++)
      expect(shouldRetry(count, unavailable())).toBe(true);
    expect(shouldRetry(UNAVAILABLE_RETRIES, unavailable())).toBe(false);
    expect(shouldRetry(0, failure(503, 'SERVICE_UNAVAILABLE'))).toBe(true);
    expect(shouldRetry(1, failure(500, 'INTERNAL_ERROR'))).toBe(true);
    expect(shouldRetry(2, failure(500, 'INTERNAL_ERROR'))).toBe(false);
    expect(shouldRetry(0, failure(0))).toBe(true);
    for (const [status, code] of [
      [400, 'VALIDATION_ERROR'],
      [401, 'INVALID_SESSION_EXCEPTION'],
      [403, 'INSUFFICIENT_ACCESS'],
      [404, 'NOT_FOUND'],
      [409, 'CONFLICT'],
      [429, 'RATE_LIMITED'],
    ] as const) {
      expect(shouldRetry(0, failure(status, code))).toBe(false);
    }
  });

  it('backs off exponentially, never sooner than Retry-After, at most 30 seconds', () => {
    expect([0, 1, 2, 3].map((count) => retryDelay(count, failure(500)))).toEqual([1000, 2000, 4000, 8000]);
    expect([0, 1, 2, 3].map((count) => retryDelay(count, unavailable()))).toEqual([5000, 5000, 5000, 8000]);
    expect(retryDelay(10, unavailable())).toBe(30_000);
  });
});

describe('the query client while the service is unavailable', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const deps = { navigate: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn(), location: () => location };
    return { ...deps, client: createQueryClient(createErrorHandler(deps)) };
  };

  it('retries a read by itself, shows the notice once, and shows no error once it answers', async () => {
    vi.useFakeTimers();
    const { client, notifyInfo, notifyError } = setup();
    const read = vi
      .fn()
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(unavailable())
      .mockResolvedValueOnce(['Sales']);
    const result = client.fetchQuery({ queryKey: ['groups'], queryFn: read });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual(['Sales']);
    expect(read).toHaveBeenCalledTimes(3);
    expect(notifyInfo).toHaveBeenCalledTimes(1);
    expect(notifyInfo).toHaveBeenCalledWith('The service is temporarily unavailable. Retrying…');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('does not retry a read refused with a 4xx', async () => {
    const { client, notifyError } = setup();
    const read = vi.fn().mockRejectedValue(failure(404, 'NOT_FOUND'));
    await expect(client.fetchQuery({ queryKey: ['missing'], queryFn: read })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(read).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('no');
  });

  it('does not retry a write, and still says why it failed', async () => {
    const { client, notifyInfo } = setup();
    const write = vi.fn().mockRejectedValue(unavailable());
    const mutation = client.getMutationCache().build(client, { mutationFn: write });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(write).toHaveBeenCalledTimes(1);
    expect(notifyInfo).toHaveBeenCalledWith(ERROR_MESSAGES.DATABASE_UNAVAILABLE);
  });
});
