import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importsOf, readGraph } from './importGraph';
import { checkGraph, formatReport, isClean } from './importRules';

const folders: string[] = [];

function sourceTree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'console-imports-'));
  folders.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the console import reader', () => {
  it('reads static, type-only and lazy imports and re-exports, but not strings or comments', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "export { c } from './c';",
      "const Page = lazy(() => import('./Page'));",
      'const text = "import x from \'./inString\'";',
      "// import y from './inComment'",
      "import { z } from 'react';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a', './b', './c', './Page', 'react']);
  });

  it('resolves files, folder indexes and assets, and leaves packages out', () => {
    const root = sourceTree({
      'main.tsx': "import { App } from './app/App';\nimport 'react';",
      'app/App.tsx': "import { theme } from '../core/theme';\nimport { paths } from '../core/paths';",
      'core/theme.ts': "import icon from './icon.svg?url';",
      'core/icon.svg': '<svg/>',
      'core/paths/index.ts': '',
    });
    expect(readGraph(root)).toEqual(
      new Map([
        ['app/App.tsx', ['core/theme.ts', 'core/paths/index.ts']],
        ['core/paths/index.ts', []],
        ['core/theme.ts', ['core/icon.svg']],
        ['main.tsx', ['app/App.tsx']],
      ]),
    );
  });

  it('fails on a relative import that names no file, rather than dropping it', () => {
    const root = sourceTree({ 'core/a.ts': "import { b } from './missing';" });
    expect(() => readGraph(root)).toThrow("core/a.ts: './missing' names no file");
  });

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
