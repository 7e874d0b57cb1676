import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Graph } from '../../../scripts/imports/importGraph.js';
import { readGraph } from '../../../scripts/imports/importGraph.js';
import { throwawayTrees } from '../../../scripts/imports/sourceTree.js';
import { checkGraph, formatReport, offenceOf, SOURCE_FOLDERS } from './importRules.js';

const graphOf = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges));
const refused = (edges: Record<string, string[]>) => checkGraph(graphOf(edges)).offences;

const sourceTree = throwawayTrees('api-imports');

describe('the API floor rules', () => {
  it('let a module use another through its index.ts, the platform, db/ and lib/', () => {
    const report = checkGraph(
      graphOf({
        'src/main.ts': ['src/app.ts', 'src/config.ts', 'src/seed/demo.ts'],
        'src/app.ts': ['src/modules/users/index.ts', 'src/plugins/session.ts', 'src/platform/mail/mailer.ts'],
        'src/plugins/session.ts': ['src/modules/sessions/index.ts'],
        'src/seed/demo.ts': ['src/modules/users/index.ts'],
        'src/modules/users/index.ts': [
          'src/modules/users/users.service.ts',
          'src/modules/users/users.routes.ts',
        ],
        'src/modules/users/users.routes.ts': ['src/modules/users/users.service.ts', 'src/lib/route.ts'],
        'src/modules/users/users.service.ts': [
          'src/modules/users/users.repository.ts',
          'src/modules/sessions/index.ts',
          'src/platform/audit/audit.service.ts',
        ],
        'src/modules/users/users.repository.ts': ['src/db/schema/index.ts'],
        'src/platform/audit/audit.service.ts': ['src/platform/secrets/secrets.ts', 'src/db/client.ts'],
        'src/platform/secrets/secrets.ts': ['src/config.ts', 'src/lib/errors.ts'],
        'src/db/open.ts': ['src/config.ts', 'src/db/client.ts'],
      }),
    );
    expect(report).toEqual({ offences: [], cycles: [] });
  });

  it('refuse another module file than its index.ts, from a module or from the app', () => {
    expect(offenceOf('src/modules/auth/login.service.ts', 'src/modules/mfa/mfa.service.ts')).toBe(
      'module mfa is used through its index.ts only',
    );
    expect(offenceOf('src/app.ts', 'src/modules/users/users.service.ts')).toBe(
      'module users is used through its index.ts only',
    );
    expect(offenceOf('src/cli/admin-commands.ts', 'src/modules/operator/operator.service.ts')).toMatch(
      /index\.ts only/,
    );
    expect(offenceOf('src/plugins/session.ts', 'src/modules/sessions/sessions.service.ts')).toMatch(
      /index\.ts only/,
    );
  });

  it.each([
    ['src/modules/auth/login.service.ts', 'src/modules/users/users.repository.ts', 'repository'],
    [
      'src/modules/groups/group-users.service.ts',
      'src/modules/users/group-members.repository.ts',
      'repository',
    ],
    ['src/modules/sso/sso.service.ts', 'src/modules/sessions/sessions.routes.ts', 'routes'],
    ['src/app.ts', 'src/modules/users/users.routes.ts', 'routes'],
    ['src/modules/users/users.test.ts', 'src/modules/groups/groups.repository.ts', 'repository'],
    ['test/app.ts', 'src/modules/users/users.repository.ts', 'repository'],
  ])(
    'refuse a repository or routes file from outside its module, tests included: %s → %s',
    (from, to, layer) => {
      expect(offenceOf(from, to)).toMatch(
        new RegExp(`only module \\w[\\w-]* itself imports its ${layer} files`),
      );
    },
  );

  it("let tests and test helpers reach another module's service and helpers, not its SQL", () => {
    expect(
      offenceOf('src/modules/sso/sso.test.ts', 'src/modules/groups/groups.test-helpers.ts'),
    ).toBeUndefined();
    expect(
      offenceOf('src/modules/users/users.test.ts', 'src/modules/groups/groups.service.ts'),
    ).toBeUndefined();
    expect(offenceOf('src/modules/a/a.test-helpers.ts', 'src/modules/b/b.service.ts')).toBeUndefined();
    expect(offenceOf('test/app.ts', 'src/modules/users/users.service.ts')).toBeUndefined();
  });

  it('refuse the platform any import of a module, a plugin or the app, and tests there too', () => {
    const reason = /platform\/ sits below the modules and the app/;
    expect(
      offenceOf('src/platform/one-time-tokens/one-time-tokens.service.ts', 'src/modules/sessions/index.ts'),
    ).toMatch(reason);
    expect(offenceOf('src/platform/mail/mailer.ts', 'src/plugins/errors.ts')).toMatch(reason);
    expect(offenceOf('src/platform/mail/mailer.ts', 'src/app.ts')).toMatch(reason);
    expect(
      offenceOf(
        'src/platform/secrets/reseal.test.ts',
        'src/modules/applications/applications.test-helpers.ts',
      ),
    ).toMatch(reason);
    expect(offenceOf('src/platform/secrets/reseal.test.ts', 'test/app.ts')).toBeUndefined();
  });

  it('refuse a module any import of a plugin, the app or its entry points', () => {
    const reason = /modules sit below the app/;
    expect(offenceOf('src/modules/auth/auth.routes.ts', 'src/plugins/session.ts')).toMatch(reason);
    expect(offenceOf('src/modules/users/users.service.ts', 'src/app.ts')).toMatch(reason);
    expect(offenceOf('src/modules/tenants/tenants.service.ts', 'src/seed/demo.ts')).toMatch(reason);
    expect(offenceOf('src/plugins/session.ts', 'src/modules/sessions/index.ts')).toBeUndefined();
    // A test assembles the server, as main.ts does.
    expect(offenceOf('src/modules/oauth/oauth.keys.test.ts', 'src/app.ts')).toBeUndefined();
  });

  it('refuse db/, lib/ and config.ts any import of the platform, a module or a plugin', () => {
    const reason = /bottom floor/;
    expect(offenceOf('src/lib/route.ts', 'src/platform/audit/audit.service.ts')).toMatch(reason);
    expect(offenceOf('src/db/open.ts', 'src/modules/users/index.ts')).toMatch(reason);
    expect(offenceOf('src/db/user-counts.test.ts', 'src/modules/users/users.repository.ts')).toMatch(reason);
    expect(offenceOf('src/config.ts', 'src/plugins/security.ts')).toMatch(reason);
    expect(offenceOf('src/lib/context.ts', 'src/db/client.ts')).toBeUndefined();
    // An entry point beside db/ assembles like main.ts: `migrate` runs the secrets' step too.
    expect(offenceOf('src/db/migrate.cli.ts', 'src/platform/secrets/secrets-step.ts')).toBeUndefined();
    expect(offenceOf('src/platform/secrets/reseal.ts', 'src/db/migrate.cli.ts')).toMatch(
      /platform\/ sits below/,
    );
  });

  it('cover a module or platform folder that did not exist when the rules were written', () => {
    expect(offenceOf('src/modules/invoices/invoices.service.ts', 'src/modules/users/users.service.ts')).toBe(
      'module users is used through its index.ts only',
    );
    expect(
      offenceOf('src/modules/users/users.service.ts', 'src/modules/invoices/invoices.repository.ts'),
    ).toMatch(/only module invoices itself/);
    expect(offenceOf('src/platform/webhooks/webhooks.ts', 'src/modules/invoices/index.ts')).toMatch(
      /platform\//,
    );
    expect(
      offenceOf('src/modules/invoices/invoices.service.ts', 'src/platform/webhooks/webhooks.ts'),
    ).toBeUndefined();
  });

  it("refuse a module's index.ts that hands out its repository", () => {
    expect(
      refused({ 'src/modules/users/index.ts': ['src/modules/users/users.repository.ts'] }).map(
        (o) => o.reason,
      ),
    ).toEqual(["module users's index.ts exports its service, not its repository"]);
  });

  it('keep test support for tests', () => {
    expect(offenceOf('src/modules/users/users.service.ts', 'test/app.ts')).toBe('only tests import test/');
    expect(offenceOf('src/db/rls.test.ts', 'test/database.ts')).toBeUndefined();
  });

  it('fail on an import cycle even when every import keeps the floors', () => {
    const report = checkGraph(
      graphOf({
        'src/modules/users/index.ts': ['src/modules/users/users.service.ts'],
        'src/modules/users/users.service.ts': ['src/modules/groups/index.ts'],
        'src/modules/groups/index.ts': ['src/modules/groups/groups.service.ts'],
        'src/modules/groups/groups.service.ts': ['src/modules/users/index.ts'],
      }),
    );
    expect(report.offences).toEqual([]);
    expect(formatReport(report)).toEqual([
      'Import cycle through 4 files: src/modules/groups/groups.service.ts → src/modules/users/index.ts → src/modules/users/users.service.ts → src/modules/groups/index.ts → src/modules/groups/groups.service.ts',
    ]);
  });
});

describe('the API import check on a source tree', () => {
  it('refuses planted violations in files, read through their NodeNext imports', () => {
    const root = sourceTree({
      'src/modules/users/index.ts': "export { createUserService } from './users.service.js';",
      'src/modules/users/users.service.ts': "import { findUser } from './users.repository.js';",
      'src/modules/users/users.repository.ts': "import type { Executor } from '../../db/client.js';",
      'src/modules/auth/login.service.ts': [
        "import { findUser } from '../users/users.repository.js';",
        "import { createUserService } from '../users/index.js';",
      ].join('\n'),
      'src/platform/audit/audit.service.ts':
        "import type { UserService } from '../../modules/users/index.js';",
      'src/db/client.ts': '',
      'test/app.ts': "import { findUser } from '../src/modules/users/users.service.js';",
    });
    expect(formatReport(checkGraph(readGraph(root, SOURCE_FOLDERS)))).toEqual([
      'Imports against the floors (main/app → modules/<name>/index.ts → platform/ → db/, lib/):',
      '  src/modules/auth/login.service.ts → src/modules/users/users.repository.ts: only module users itself imports its repository files',
      '  src/platform/audit/audit.service.ts → src/modules/users/index.ts: platform/ sits below the modules and the app: it imports platform/, db/, lib/ and config.ts',
    ]);
  });

  it("keeps the API's own source on its floors and free of cycles", () => {
    const report = checkGraph(readGraph(path.resolve(import.meta.dirname, '..'), SOURCE_FOLDERS));
    expect(formatReport(report)).toEqual([]);
  });
});
