import type { FastifyBaseLogger } from 'fastify';

/**
 * One pass of a scheduler that checks things due across tenants (connections, storages): claims a
 * batch with a lease (the caller's SKIP LOCKED query, so that concurrent passes in other processes take
 * other rows), checks it a few at a time, and claims again until nothing is due or the process stops.
 * One item's failure stays its own: it is logged, and its lease runs out so that it is tried again.
 * Answers how many were claimed.
 */
export async function checkClaimed<T>(options: {
  claim: () => Promise<T[]>;
  check: (item: T) => Promise<unknown>;
  parallel: number;
  stopping: () => boolean;
  log: FastifyBaseLogger;
  /** The log line of one failed check, with what names the item. */
  failure: (item: T) => [Record<string, unknown>, string];
}): Promise<number> {
  const { claim, check, parallel, stopping, log } = options;
  let total = 0;
  while (!stopping()) {
    const claimed = await claim();
    if (claimed.length === 0) break;
    total += claimed.length;
    const queue = [...claimed];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        try {
          await check(next);
        } catch (error) {
          const [fields, message] = options.failure(next);
          log.warn({ err: error, ...fields }, message);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  }
  return total;
}
