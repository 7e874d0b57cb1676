import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptEarlyReads, type ScreenHandle, startEarlyReads } from './earlyReads';

const screenReading = (read: () => Promise<unknown>): RouteObject[] => [
  {
    path: '/things/:thingId',
    handle: { earlyRead: () => ({ queryKey: ['thing'], read }) } satisfies ScreenHandle,
  },
  { path: '/other' },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('early reads', () => {
  it("reads what the matching route's screen reads first, from its address, and the query client takes it once", async () => {
    const earlyRead = vi.fn(
      ({ params, search }: { params: Record<string, string | undefined>; search: URLSearchParams }) => ({
        queryKey: ['thing', params.thingId, search.get('tab')],
        read: async () => ({ name: 'Ada' }),
      }),
    );
    const tree: RouteObject[] = [{ path: '/things/:thingId', handle: { earlyRead } satisfies ScreenHandle }];
    await startEarlyReads(tree, '/things/7', '?tab=members');
    const queryClient = new QueryClient();
    adoptEarlyReads(queryClient);
    expect(queryClient.getQueryData(['thing', '7', 'members'])).toEqual({ name: 'Ada' });
    // Taken: a second query client (a new sign-in in the same page) starts empty.
    const next = new QueryClient();
    adoptEarlyReads(next);
    expect(next.getQueryData(['thing', '7', 'members'])).toBeUndefined();
  });

  it('reads nothing for a screen without an early read', async () => {
    const read = vi.fn(async () => ({}));
    await startEarlyReads(screenReading(read), '/other', '');
    expect(read).not.toHaveBeenCalled();
  });

  it('leaves a refused read to the screen, which asks again and reports it', async () => {
    await startEarlyReads(
      screenReading(() => Promise.reject(new Error('403'))),
      '/things/1',
      '',
    );
    const queryClient = new QueryClient();
    adoptEarlyReads(queryClient);
    expect(queryClient.getQueryState(['thing'])).toBeUndefined();
  });

  it('waits a slow read no longer than its time, and drops its answer if it comes after the first render', async () => {
    vi.useFakeTimers();
    let answer: (value: unknown) => void = () => {};
    const started = startEarlyReads(
      screenReading(() => new Promise((resolve) => (answer = resolve))),
      '/things/1',
      '',
    );
    let settled = false;
    void started.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(599);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    const queryClient = new QueryClient();
    adoptEarlyReads(queryClient);
    answer({ late: true });
    await vi.advanceTimersByTimeAsync(0);
    const later = new QueryClient();
    adoptEarlyReads(later);
    expect(queryClient.getQueryData(['thing'])).toBeUndefined();
    expect(later.getQueryData(['thing'])).toBeUndefined();
  });
});
