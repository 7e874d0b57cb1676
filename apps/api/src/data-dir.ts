import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The checkout's root (the package.json that declares the workspaces) at or above `from`; null
 * outside the repository, e.g. in an installed production folder.
 */
export function findRepositoryRoot(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
      } catch {
        // A package.json that does not parse is not the root; keep looking above it.
      }
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * A relative DATA_DIR means the repository root, whichever workspace npm runs the script in (README);
 * outside the repository, the working directory.
 */
export const resolveDataDir = (dataDir: string, cwd: string = process.cwd()): string =>
  path.resolve(findRepositoryRoot(cwd) ?? cwd, dataDir);

/** Creates DATA_DIR (owner-only) when missing, so that a fresh checkout starts on any database. */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}
