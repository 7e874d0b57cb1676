/**
 * Runs at most `concurrency` of the tasks given to it at once, in the order they came; the others wait
 * for a turn. Answers each task's own outcome.
 */
export function createLimit(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // A waiter takes the freed turn as its own (running stays), so no newcomer slips in ahead of it.
      if (waiting.length > 0) waiting.shift()!();
      else running -= 1;
    }
  };
}
