import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * For tests of the import check: `sourceTree(files)` writes a throwaway source tree (paths relative to
 * its root) and answers the root; every tree is removed after each test of the calling file.
 */
export function throwawayTrees(prefix: string): (files: Record<string, string>) => string {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return (files) => {
    const root = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    folders.push(root);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  };
}
