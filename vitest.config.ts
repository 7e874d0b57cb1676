import { defineConfig } from 'vitest/config';

// One command runs every workspace's tests; each project keeps its own environment. With
// TEST_DATABASE_URL (the PostgreSQL pass) only the API's tests run: the others touch no database and
// have run in the embedded pass already.
export default defineConfig({
  test: {
    projects: process.env.TEST_DATABASE_URL
      ? ['apps/api']
      : ['packages/contract', 'apps/api', 'apps/console', 'scripts'],
  },
});
