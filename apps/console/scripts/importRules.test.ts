import { describe, expect, it } from 'vitest';
import { checkGraph, formatReport, type Graph, isClean, offenceOf } from './importRules';

const graphOf = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges));

describe('the console floor rules', () => {
  it('let imports go down the floors, sideways inside one, and inside one feature', () => {
    const report = checkGraph(
      graphOf({
        'main.tsx': ['app/App.tsx'],
        'app/App.tsx': ['app/router.tsx', 'core/theme.ts'],
        'app/router.tsx': ['features/users/users.routes.ts', 'components/PageHeader.tsx'],
        'features/users/users.routes.ts': ['features/users/UsersPage.tsx', 'core/paths/routes.ts'],
        'features/users/UsersPage.tsx': ['features/users/form/UserFields.tsx', 'components/PageHeader.tsx'],
        'features/users/form/UserFields.tsx': ['core/api/client.ts'],
        'components/PageHeader.tsx': ['components/LazyTooltip.tsx', 'core/paths/links.ts'],
        'core/paths/links.ts': ['core/paths/routes.ts'],
      }),
    );
    expect(report).toEqual({ unplaced: [], offences: [], cycles: [] });
    expect(isClean(report)).toBe(true);
  });

  it.each([
    ['core/errors/errorHandler.ts', 'features/auth/auth.routes.ts'],
    ['core/session/useLogout.ts', 'components/PageHeader.tsx'],
    ['components/ProductTabs.tsx', 'features/licenses/licenseProducts.ts'],
    ['components/LoadBeforeEdit.tsx', 'app/layout/PageHeader.tsx'],
    ['features/roles/RolePage.tsx', 'app/routes.ts'],
    ['app/App.tsx', 'main.tsx'],
  ])('refuse an import from a lower floor to a higher one: %s → %s', (from, to) => {
    expect(offenceOf(from, to)).toMatch(/imports go down, never up/);
    expect(isClean(checkGraph(graphOf({ [from]: [to] })))).toBe(false);
  });

  it('refuse an import of one feature from another, down to its subfolders', () => {
    expect(offenceOf('features/users/UserDialog.tsx', 'features/groups/GroupPicker.tsx')).toBe(
      'feature users imports feature groups: move what they share down',
    );
    expect(offenceOf('features/tenants/SignUpPage.tsx', 'features/auth/form/PasswordField.tsx')).toMatch(
      /feature tenants imports feature auth/,
    );
    expect(
      offenceOf('features/roles/RoleForm.test.tsx', 'features/connections/connections.fixtures.ts'),
    ).toMatch(/feature roles imports feature connections/);
  });

  it('keep test support for tests and fixtures, and let it import any floor', () => {
    expect(offenceOf('features/users/UserPage.tsx', 'test/fixtures.ts')).toBe('only tests may import test/');
    expect(offenceOf('core/api/client.ts', 'test/fetchStub.ts')).toBe('only tests may import test/');
    expect(offenceOf('core/api/client.test.ts', 'test/fetchStub.ts')).toBeUndefined();
    expect(offenceOf('features/users/users.fixtures.ts', 'test/fixtures.ts')).toBeUndefined();
    expect(offenceOf('test/renderPublicPage.tsx', 'app/ConsoleProviders.tsx')).toBeUndefined();
  });

  it('apply the floors to tests as to the files beside them', () => {
    expect(offenceOf('components/missingItem.test.tsx', 'features/users/UserPage.tsx')).toMatch(/never up/);
    expect(offenceOf('app/missingItem.test.tsx', 'features/users/UserPage.tsx')).toBeUndefined();
  });

  it('list every file that lies outside the floors, imported or importing', () => {
    const report = checkGraph(
      graphOf({ 'api/client.ts': [], 'features/loose.ts': ['utils/text.ts'], 'core/theme.ts': [] }),
    );
    expect(report.unplaced).toEqual(['api/client.ts', 'features/loose.ts', 'utils/text.ts']);
    expect(isClean(report)).toBe(false);
  });
});

describe('the console cycle search', () => {
  it('fails the whole check on a cycle even when every import keeps the floors', () => {
    const report = checkGraph(graphOf({ 'core/a.ts': ['core/b.ts'], 'core/b.ts': ['core/a.ts'] }));
    expect(report.offences).toEqual([]);
    expect(isClean(report)).toBe(false);
  });
});

describe('the console import report', () => {
  it('names every offender with its rule', () => {
    const lines = formatReport(
      checkGraph(
        graphOf({
          'api/client.ts': [],
          'components/ProductTabs.tsx': ['features/licenses/licenseProducts.ts'],
          'core/a.ts': ['core/b.ts'],
          'core/b.ts': ['core/a.ts'],
        }),
      ),
    );
    expect(lines).toEqual([
      'Files outside every floor (main.tsx, app/, features/<name>/, components/, core/, test/):',
      '  api/client.ts',
      'Imports against the floors (app → features → components → core):',
      '  components/ProductTabs.tsx → features/licenses/licenseProducts.ts: components is below features: imports go down, never up',
      'Import cycle through 2 files: core/a.ts → core/b.ts → core/a.ts',
    ]);
  });
});
