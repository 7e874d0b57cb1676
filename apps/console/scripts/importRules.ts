/**
 * The console's floors, top to bottom: `main.tsx` → `app/` (router, shell) → `features/` → `components/`
 * (shared widgets) → `core/` (paths, session, API client, errors, toasts, brand, theme). An import goes
 * down, or sideways within its floor, never up; a feature imports nothing of another feature, so that
 * what two features share sits on a lower floor. `test/` holds test support: only tests import it, and it
 * may import any floor, since it assembles what the app assembles. Import cycles are refused everywhere,
 * lazy `import()` included: a lazy edge still ties both files into one unit of change.
 */

/** Each file (a path relative to `src/`, with `/`) and the files it imports. */
export type Graph = ReadonlyMap<string, readonly string[]>;

const FLOORS = ['core', 'components', 'features', 'app', 'entry'] as const;
export type Floor = (typeof FLOORS)[number];

export type Place =
  | { kind: 'floor'; floor: Floor; feature?: string }
  | { kind: 'test-support' }
  | { kind: 'unplaced' };

export interface Offence {
  from: string;
  to: string;
  reason: string;
}

export interface Cycle {
  /** Every file of the strongly connected group, sorted. */
  files: string[];
  /** One shortest way round, first file repeated at the end. */
  path: string[];
}

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

/** Groups of files that import each other, round and round (Tarjan's strongly connected components). */
export function findCycles(graph: Graph): Cycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const targets = (file: string) => graph.get(file) ?? [];

  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of targets(file)) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || targets(file).includes(file)) groups.push(group.sort());
  };

  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups
    .map((files) => ({ files, path: shortestLoop(graph, files) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** The shortest way from the group's first file back to itself, inside the group (breadth first). */
function shortestLoop(graph: Graph, files: string[]): string[] {
  const start = files[0]!;
  const inGroup = new Set(files);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const file = queue[at]!;
    for (const next of graph.get(file) ?? []) {
      if (!inGroup.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let step: string | undefined = file; step !== start && step; step = cameFrom.get(step)) {
          path.splice(1, 0, step);
        }
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
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
    offences: offences.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
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
  if (report.offences.length) {
    lines.push('Imports against the floors (app → features → components → core):');
    for (const { from, to, reason } of report.offences) lines.push(`  ${from} → ${to}: ${reason}`);
  }
  for (const { files, path } of report.cycles) {
    lines.push(`Import cycle through ${files.length} files: ${path.join(' → ')}`);
    if (files.length > path.length - 1) lines.push(`  all of them: ${files.join(', ')}`);
  }
  return lines;
}
