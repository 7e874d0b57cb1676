import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // One module graph per worker for all its files: importing the app again for each of ~180 files
    // took longer than their tests on the two-core CI machine. Every file builds its own app and
    // database (test/app.ts, test/database.ts) and closes them, so nothing of one file is another's.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    // argon2 and PGlite are CPU-heavy on two cores; generous limits keep slow machines green.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
