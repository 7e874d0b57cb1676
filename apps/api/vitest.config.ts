import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // argon2 and PGlite are CPU-heavy on two cores; generous limits keep slow machines green.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
