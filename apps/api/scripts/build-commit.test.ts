import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };
import { buildDefines } from './build-commit.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The build info as the bundle carries it: src/build-info.ts built with the build's defines. */
async function bundledBuildInfo(): Promise<{ version: string; commit: string }> {
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'src/build-info.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    define: buildDefines(root),
  });
  const code = outputFiles[0]!.text;
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  return ((await import(url)) as { BUILD: { version: string; commit: string } }).BUILD;
}

describe('the build info of a build', () => {
  it("carries package.json's version and the commit the build is made from", async () => {
    const head = (() => {
      try {
        return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
      } catch {
        return 'unknown';
      }
    })();
    const info = await bundledBuildInfo();
    expect(info.version).toBe(manifest.version);
    expect(info.commit).toBe(process.env.SKYVAULT_COMMIT || head);
  });
});
