import { defineConfig } from 'vitest/config';

// One command runs every workspace's tests; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/console', 'scripts'],
  },
});
