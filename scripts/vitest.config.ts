import { defineProject } from 'vitest/config';

// The import checks both apps share: graph reading, cycle search, report.
export default defineProject({
  test: {
    name: 'scripts',
    include: ['**/*.test.ts'],
    environment: 'node',
  },
});
