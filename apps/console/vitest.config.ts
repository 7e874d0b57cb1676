import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // As the browser tests do: on the two-core CI machine, with the API suites beside it, a screen's
    // timing can stretch past an assertion's wait once in a long while. A test that fails twice fails.
    retry: process.env.CI ? 1 : 0,
    // A whole login, typed key by key with user-event, takes a few seconds of a loaded core.
    testTimeout: 15_000,
  },
});
