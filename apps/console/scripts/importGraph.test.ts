import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGraph } from '../../../scripts/imports/importGraph';
import { throwawayTrees } from '../../../scripts/imports/sourceTree';
import { checkGraph, formatReport, isClean } from './importRules';

const sourceTree = throwawayTrees('console-imports');

describe('the console import reader', () => {
  it('sees a cycle closed by a lazy import, as a route list that loads a page importing it back', () => {
    const root = sourceTree({
      'features/auth/auth.routes.ts': "export const authRoutes = [lazy(() => import('./LoginPage'))];",
      'features/auth/LoginPage.tsx': "import { authRoutes } from './auth.routes';",
    });
    const report = checkGraph(readGraph(root));
    expect(report.cycles.map((cycle) => cycle.files)).toEqual([
      ['features/auth/LoginPage.tsx', 'features/auth/auth.routes.ts'],
    ]);
    expect(isClean(report)).toBe(false);
  });

  it("keeps the console's own source on its floors and free of cycles", () => {
    const report = checkGraph(readGraph(path.resolve(import.meta.dirname, '../src')));
    expect(formatReport(report)).toEqual([]);
  });
});
