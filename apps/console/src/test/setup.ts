import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait up to 5 s, not 1 s: on two cores with the API suites or the browser tests
// beside them, a screen's second call can take longer than a second to be made. Only a failing wait
// takes the longer time.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
