import { describe, expect, it } from 'vitest';
import { importsOf, readGraph } from './importGraph.js';
import { throwawayTrees } from './sourceTree.js';

const sourceTree = throwawayTrees('import-graph');

describe('the import reader', () => {
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

  it('resolves a NodeNext import of the emitted .js file to the TypeScript source beside it', () => {
    const root = sourceTree({
      'src/app.ts':
        "import { users } from './modules/users/index.js';\nimport type { Tx } from './db/client.js';",
      'src/modules/users/index.ts': "export * from './users.service.js';",
      'src/modules/users/users.service.ts': '',
      'src/db/client.ts': '',
    });
    expect(readGraph(root).get('src/app.ts')).toEqual(['src/modules/users/index.ts', 'src/db/client.ts']);
    expect(() => readGraph(sourceTree({ 'a.ts': "import './gone.js';" }))).toThrow(
      "a.ts: './gone.js' names no file",
    );
  });

  it('reads only the folders it is given, naming files from the root, and follows imports between them', () => {
    const root = sourceTree({
      'src/app.ts': '',
      'test/app.ts': "import { buildApp } from '../src/app.js';",
      'scripts/build.ts': "import './missing.js';",
    });
    expect(readGraph(root, ['src', 'test'])).toEqual(
      new Map([
        ['src/app.ts', []],
        ['test/app.ts', ['src/app.ts']],
      ]),
    );
  });
});
