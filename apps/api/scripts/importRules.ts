/**
 * The API's floors, top to bottom: `main.ts`/`app.ts` (with `plugins/`, `cli/`, `seed/`) → `modules/<name>/`
 * → `platform/<name>/` (audit, rate limits, one-time tokens, OAuth round-trip state, mail, outbound HTTP
 * guard, secrets) → `db/`, `lib/`, `config.ts`. A module is used through its `index.ts`, never through its
 * other files, and never through its repository or routes; platform knows nothing of the modules above it,
 * and `db/`, `lib/` know nothing of either. Paths are relative to apps/api and use `/`. The rules name
 * folders by pattern, so a new module or platform folder is covered as it appears.
 */
import { findCycles } from '../../../scripts/imports/cycles.js';
import type { Graph } from '../../../scripts/imports/importGraph.js';
import { cycleLines, type Offence, offenceLines, sortOffences } from '../../../scripts/imports/report.js';

export interface Report {
  offences: Offence[];
  cycles: ReturnType<typeof findCycles>;
}

/** The folders of apps/api whose files the check reads. */
export const SOURCE_FOLDERS = ['src', 'test'] as const;

type Place =
  | { kind: 'module'; name: string; file: string }
  | { kind: 'platform' }
  | { kind: 'base' }
  | { kind: 'app' }
  | { kind: 'loose' }
  | { kind: 'test-support' };

/** Tests and the test helpers beside them: they may reach a module's internals to set a scene up. */
export const isTestFile = (file: string): boolean =>
  file.startsWith('test/') || /\.(test|test-helpers)\.ts$/.test(file);

const APP_FILES = new Set(['main.ts', 'app.ts', 'plugins', 'cli', 'seed']);

function placeOf(file: string): Place {
  const parts = file.split('/');
  if (parts[0] === 'test') return { kind: 'test-support' };
  const [, top = '', name] = parts;
  if (top === 'modules' && name && parts.length >= 4)
    return { kind: 'module', name, file: parts.slice(3).join('/') };
  if (top === 'platform') return { kind: 'platform' };
  // An entry point (db/migrate.cli.ts: `node dist/migrate.js`) assembles like main.ts, wherever it lives.
  if (file.endsWith('.cli.ts')) return { kind: 'app' };
  if (top === 'db' || top === 'lib' || top === 'config.ts') return { kind: 'base' };
  // main.ts and app.ts assemble the server, with plugins/ and the entry points beside it (cli/, seed/).
  if (APP_FILES.has(top)) return { kind: 'app' };
  // Other files at the top of src/ (the start banner, the data directory) keep no floor of their own.
  return { kind: 'loose' };
}

const isModule = (place: Place, name?: string): place is Extract<Place, { kind: 'module' }> =>
  place.kind === 'module' && (name === undefined || place.name === name);

/** A module's SQL and its HTTP face: only the module itself imports them (app.ts takes routes from index.ts). */
const isPrivateLayer = (file: string) => /\.(repository|routes)\.ts$/.test(file);

/** Why the import from → to breaks a floor rule, or undefined when it keeps them. */
export function offenceOf(from: string, to: string): string | undefined {
  const source = placeOf(from);
  const target = placeOf(to);
  if (target.kind === 'test-support') return isTestFile(from) ? undefined : 'only tests import test/';
  if (source.kind === 'platform' && (target.kind === 'module' || target.kind === 'app')) {
    return 'platform/ sits below the modules and the app: it imports platform/, db/, lib/ and config.ts';
  }
  if (source.kind === 'module' && target.kind === 'app' && !isTestFile(from)) {
    return 'modules sit below the app: main.ts, app.ts, plugins/, cli/ and seed/ import them, never the reverse';
  }
  if (
    source.kind === 'base' &&
    (target.kind === 'module' || target.kind === 'app' || target.kind === 'platform')
  ) {
    return 'db/, lib/ and config.ts are the bottom floor: they import no platform/, module or plugin';
  }
  if (!isModule(target) || isModule(source, target.name)) return undefined;
  if (isPrivateLayer(target.file)) {
    return `only module ${target.name} itself imports its ${target.file.split('.').at(-2)} files`;
  }
  if (target.file !== 'index.ts' && !isTestFile(from)) {
    return `module ${target.name} is used through its index.ts only`;
  }
  return undefined;
}

/**
 * A module's index.ts offers its service to the other modules: re-exporting its repository would hand
 * them the SQL that the rules keep inside the module.
 */
function indexOffence(from: string, to: string): string | undefined {
  const source = placeOf(from);
  const target = placeOf(to);
  if (!isModule(source) || source.file !== 'index.ts' || !isModule(target, source.name)) return undefined;
  return /\.repository\.ts$/.test(target.file)
    ? `module ${source.name}'s index.ts exports its service, not its repository`
    : undefined;
}

export function checkGraph(graph: Graph): Report {
  const offences: Offence[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const reason = offenceOf(from, to) ?? indexOffence(from, to);
      if (reason) offences.push({ from, to, reason });
    }
  }
  return { offences: sortOffences(offences), cycles: findCycles(graph) };
}

/** The report as lines for a terminal, none when the graph keeps every rule. */
export const formatReport = (report: Report): string[] => [
  ...offenceLines(
    'Imports against the floors (main/app → modules/<name>/index.ts → platform/ → db/, lib/):',
    report.offences,
  ),
  ...cycleLines(report.cycles),
];
