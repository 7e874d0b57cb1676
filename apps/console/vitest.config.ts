import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { reactAsPreact } from './vite.config.js';

export default defineProject({
  plugins: [react()],
  // The tests render with Preact, as the build does (vite.config.ts `reactAsPreact`). The libraries that
  // import React go through Vite's resolver too (`server.deps.inline`), in their ES module builds (the
  // `module` condition and field): Node would answer their `require('react')` with React itself.
  resolve: {
    alias: reactAsPreact,
    conditions: ['module', 'node', 'development|production'],
    mainFields: ['module', 'jsnext:main', 'jsnext'],
  },
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    server: {
      deps: {
        inline: [
          /[\\/]node_modules[\\/](@mui|@emotion|@tanstack|@hookform|@testing-library|react-router|react-hook-form|react-transition-group|notistack|qrcode\.react)[\\/]/,
        ],
      },
    },
    // As the browser tests do: on the two-core CI machine, with the API suites beside it, a screen's
    // timing can stretch past an assertion's wait once in a long while. A test that fails twice fails.
    retry: process.env.CI ? 1 : 0,
  },
});
