import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The operator's entries (apps/api/scripts/run.mjs and the build's dist/ name them alike). */
export type OperatorEntry = 'admin' | 'migrate';

const IN_CHECKOUT: Record<OperatorEntry, string> = {
  admin: 'npm run admin --',
  migrate: 'npm run db:migrate',
};

/** The API package's folder (apps/api): the first one at or above `from` with a package.json. */
function packageDir(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * How the operator runs an entry where this code runs, for messages that tell them to: the npm
 * scripts in a checkout (they need apps/api/scripts/run.mjs, which picks the build or the sources),
 * `node dist/<entry>.js` in a production install, which has only the build (README "Deploying": run
 * from apps/api). `from` is where the running code lives (its own folder by default; tests pass one).
 */
export function operatorCommand(
  entry: OperatorEntry,
  from: string = path.dirname(fileURLToPath(import.meta.url)),
): string {
  const dir = packageDir(from);
  const checkout = dir !== null && existsSync(path.join(dir, 'scripts', 'run.mjs'));
  return checkout ? IN_CHECKOUT[entry] : `node dist/${entry}.js`;
}
