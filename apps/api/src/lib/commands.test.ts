import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorCommand } from './commands.js';

describe('operatorCommand', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'skyvault-commands-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** apps/api with its package.json, the built dist/ and, in a checkout only, scripts/run.mjs. */
  const install = (name: string, checkout: boolean) => {
    const api = path.join(scratch, name, 'apps', 'api');
    mkdirSync(path.join(api, 'dist'), { recursive: true });
    writeFileSync(path.join(api, 'package.json'), JSON.stringify({ name: '@skyvault/api' }));
    if (checkout) {
      mkdirSync(path.join(api, 'scripts'));
      writeFileSync(path.join(api, 'scripts', 'run.mjs'), '');
    }
    return path.join(api, 'dist');
  };

  it('names the npm scripts in a checkout, where they work (the build or the sources)', () => {
    const dist = install('checkout', true);
    expect(operatorCommand('migrate', dist)).toBe('npm run db:migrate');
    expect(operatorCommand('admin', dist)).toBe('npm run admin --');
  });

  it('names node dist/… in a production install, which has no npm script runner', () => {
    const dist = install('production', false);
    expect(operatorCommand('migrate', dist)).toBe('node dist/migrate.js');
    expect(operatorCommand('admin', dist)).toBe('node dist/admin.js');
  });

  it('names the npm scripts when running from this checkout’s sources', () => {
    expect(operatorCommand('migrate')).toBe('npm run db:migrate');
  });
});
