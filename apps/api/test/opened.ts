import { afterAll, beforeAll } from 'vitest';

/**
 * What a describe block's tests share (an app, a stand-in server): opened before its first test, after
 * the hooks registered before this call, and closed after its last. The value is taken at once and
 * read when a test runs, so that `const t = useTestApp()` can be passed on at the top of the block;
 * spreading it (`{ ...t }`) and `in` see the opened value's own fields.
 */
export function useOpened<T extends { close(): unknown }>(open: () => Promise<T>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await open();
  });
  afterAll(async () => {
    await current?.close();
  });
  const live = (): T => {
    if (!current) throw new Error('It opens in beforeAll: read it inside a hook or a test.');
    return current;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const value: unknown = Reflect.get(live(), key);
      return typeof value === 'function' ? value.bind(live()) : value;
    },
    has: (_, key) => Reflect.has(live(), key),
    ownKeys: () => Reflect.ownKeys(live()),
    getOwnPropertyDescriptor: (_, key) => {
      const field = Reflect.getOwnPropertyDescriptor(live(), key);
      return field && { ...field, configurable: true };
    },
  });
}
