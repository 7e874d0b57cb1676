import { describe, expect, it } from 'vitest';
import { findCycles } from './cycles.js';
import type { Graph } from './importGraph.js';

const graphOf = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges));

describe('the import cycle search', () => {
  it('finds two files that import each other, with one way round', () => {
    const cycles = findCycles(
      graphOf({
        'app/layout/SettingsMenu.tsx': ['app/layout/Popup.tsx'],
        'app/layout/Popup.tsx': ['app/layout/SettingsMenu.tsx'],
      }),
    );
    expect(cycles).toEqual([
      {
        files: ['app/layout/Popup.tsx', 'app/layout/SettingsMenu.tsx'],
        path: ['app/layout/Popup.tsx', 'app/layout/SettingsMenu.tsx', 'app/layout/Popup.tsx'],
      },
    ]);
  });

  it('finds a file that imports itself', () => {
    expect(findCycles(graphOf({ 'core/a.ts': ['core/a.ts'] }))).toEqual([
      { files: ['core/a.ts'], path: ['core/a.ts', 'core/a.ts'] },
    ]);
  });

  it('finds a long circle with every file tied into it and its shortest way round', () => {
    const cycles = findCycles(
      graphOf({
        'core/errors/errorHandler.ts': ['features/auth/auth.routes.ts'],
        'features/auth/auth.routes.ts': [
          'features/auth/LoginPage.tsx',
          'features/auth/ChangePasswordPage.tsx',
        ],
        'features/auth/LoginPage.tsx': ['features/auth/login/CodeStep.tsx'],
        'features/auth/login/CodeStep.tsx': ['core/errors/formErrors.ts'],
        'features/auth/ChangePasswordPage.tsx': ['core/errors/formErrors.ts'],
        'core/errors/formErrors.ts': ['core/errors/errorHandler.ts'],
      }),
    );
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.files).toHaveLength(6);
    expect(cycles[0]!.path).toEqual([
      'core/errors/errorHandler.ts',
      'features/auth/auth.routes.ts',
      'features/auth/ChangePasswordPage.tsx',
      'core/errors/formErrors.ts',
      'core/errors/errorHandler.ts',
    ]);
  });

  it('finds each separate cycle once, and none in a graph where two paths meet again', () => {
    const diamond = {
      'core/a.ts': ['core/b.ts', 'core/c.ts'],
      'core/b.ts': ['core/d.ts'],
      'core/c.ts': ['core/d.ts'],
    };
    expect(findCycles(graphOf(diamond))).toEqual([]);
    const twoCycles = findCycles(
      graphOf({
        ...diamond,
        'core/d.ts': ['core/b.ts'],
        'core/x.ts': ['core/y.ts'],
        'core/y.ts': ['core/x.ts'],
      }),
    );
    expect(twoCycles.map((cycle) => cycle.files)).toEqual([
      ['core/b.ts', 'core/d.ts'],
      ['core/x.ts', 'core/y.ts'],
    ]);
  });
});
