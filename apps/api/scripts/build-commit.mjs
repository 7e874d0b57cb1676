// The commit a build is made from, for the metrics' build info (src/build-info.ts): SKYVAULT_COMMIT (an
// image built without .git gets it as a build argument), else git's, else unknown.
import { execFileSync } from 'node:child_process';

export function buildCommit(cwd) {
  if (process.env.SKYVAULT_COMMIT) return process.env.SKYVAULT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** What esbuild replaces in the bundle (`define`). */
export const buildDefines = (cwd) => ({ __SKYVAULT_COMMIT__: JSON.stringify(buildCommit(cwd)) });
