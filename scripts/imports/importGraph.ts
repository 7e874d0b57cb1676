import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Each file (a path relative to the root it was read from, with `/`) and the files it imports. */
export type Graph = ReadonlyMap<string, readonly string[]>;

const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
/** NodeNext imports name the emitted file (`./a.js`); the source beside it is `./a.ts`. */
const EMITTED = /\.(m|c)?js(x)?$/;

/**
 * Every module a source text names: static, type-only and lazy imports, and re-exports. The compiler's
 * scanner skips strings and comments, which a regular expression over `from '…'` would not.
 */
export const importsOf = (text: string): string[] =>
  ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);

function candidatesOf(base: string): string[] {
  const named = EXTENSIONS.map((extension) => base + extension);
  const emitted = EMITTED.exec(base);
  if (!emitted) return named;
  const stem = base.slice(0, -emitted[0].length);
  const source = `.${emitted[1] ?? ''}ts${emitted[2] ?? ''}`;
  return [...named, stem + source];
}

/**
 * The file (relative to `root`, with `/`) that a relative specifier names, as the bundler or NodeNext
 * resolves it; undefined for a package. A relative specifier that names no file throws, so that a typo
 * cannot hide an edge from the check.
 */
export function resolveImport(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const bare = specifier.replace(/[?#].*$/, '');
  const base = path.resolve(root, path.dirname(from), bare);
  for (const candidate of candidatesOf(base)) {
    if (existsSync(candidate) && statSync(candidate).isFile()) {
      return path.relative(root, candidate).split(path.sep).join('/');
    }
  }
  throw new Error(`${from}: '${specifier}' names no file`);
}

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(root, relative);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/**
 * The import graph of every source file under `root` (or under the given folders of it), files named
 * relative to `root`.
 */
export function readGraph(root: string, folders: readonly string[] = ['']): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap((folder) => sourceFiles(root, folder)).sort()) {
    const targets = importsOf(readFileSync(path.join(root, file), 'utf8'))
      .map((specifier) => resolveImport(root, file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}
