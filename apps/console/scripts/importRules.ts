/**
 * The console's floors, top to bottom: `main.tsx` → `app/` (router, shell) → `features/` → `components/`
 * (shared widgets) → `core/` (paths, session, API client, errors, toasts, brand, theme). An import goes
 * down, or sideways within its floor, never up; a feature imports nothing of another feature, so that
 * what two features share sits on a lower floor. `test/` holds test support: only tests import it, and it
 * may import any floor, since it assembles what the app assembles. Import cycles are refused everywhere,
 * lazy `import()` included: a lazy edge still ties both files into one unit of change.
 */

import { type Cycle, findCycles } from '../../../scripts/imports/cycles';
import type { Graph } from '../../../scripts/imports/importGraph';
import { cycleLines, type Offence, offenceLines, sortOffences } from '../../../scripts/imports/report';

export type { Cycle, Graph, Offence };
export { findCycles };

const FLOORS = ['core', 'components', 'features', 'app', 'entry'] as const;
export type Floor = (typeof FLOORS)[number];

export type Place =
  | { kind: 'floor'; floor: Floor; feature?: string }
  | { kind: 'test-support' }
  | { kind: 'unplaced' };

export interface Report {
  unplaced: string[];
  offences: Offence[];
  cycles: Cycle[];
}

const rank = (floor: Floor): number => FLOORS.indexOf(floor);

/** Tests, and the fixtures (`x.fixtures.ts`) that only tests read. */
export const isTestFile = (file: string): boolean => /\.(test|fixtures)\.tsx?$/.test(file);

export function placeOf(file: string): Place {
  const parts = file.split('/');
  const [top] = parts;
  if (parts.length === 1)
    return top === 'main.tsx' ? { kind: 'floor', floor: 'entry' } : { kind: 'unplaced' };
  if (top === 'test') return { kind: 'test-support' };
  if (top === 'features') {
    // A feature is a folder: a file lying loose in features/ belongs to none.
    return parts.length >= 3 ? { kind: 'floor', floor: 'features', feature: parts[1] } : { kind: 'unplaced' };
  }
  if (top === 'app' || top === 'components' || top === 'core') return { kind: 'floor', floor: top };
  return { kind: 'unplaced' };
}

/** Why the import from → to breaks a floor rule, or undefined when it keeps them. */
export function offenceOf(from: string, to: string): string | undefined {
  const source = placeOf(from);
  const target = placeOf(to);
  if (target.kind === 'test-support') {
    return isTestFile(from) || source.kind === 'test-support' ? undefined : 'only tests may import test/';
  }
  if (source.kind !== 'floor' || target.kind !== 'floor') return undefined;
  if (rank(target.floor) > rank(source.floor)) {
    return `${source.floor} is below ${target.floor}: imports go down, never up`;
  }
  if (source.floor === 'features' && target.floor === 'features' && source.feature !== target.feature) {
    return `feature ${source.feature} imports feature ${target.feature}: move what they share down`;
  }
  return undefined;
}

export function checkGraph(graph: Graph): Report {
  const files = new Set<string>(graph.keys());
  for (const targets of graph.values()) for (const target of targets) files.add(target);
  const offences: Offence[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const reason = offenceOf(from, to);
      if (reason) offences.push({ from, to, reason });
    }
  }
  return {
    unplaced: [...files].filter((file) => placeOf(file).kind === 'unplaced').sort(),
    offences: sortOffences(offences),
    cycles: findCycles(graph),
  };
}

export const isClean = (report: Report): boolean =>
  report.unplaced.length === 0 && report.offences.length === 0 && report.cycles.length === 0;

/** The report as lines for a terminal: every offender, grouped by rule. */
export function formatReport(report: Report): string[] {
  const lines: string[] = [];
  if (report.unplaced.length) {
    lines.push('Files outside every floor (main.tsx, app/, features/<name>/, components/, core/, test/):');
    for (const file of report.unplaced) lines.push(`  ${file}`);
  }
  lines.push(
    ...offenceLines('Imports against the floors (app → features → components → core):', report.offences),
  );
  lines.push(...cycleLines(report.cycles));
  return lines;
}
