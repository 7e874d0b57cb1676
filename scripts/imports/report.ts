import type { Cycle } from './cycles.js';
import type { Graph } from './importGraph.js';

/** One import that breaks a rule, and the rule in words. */
export interface Offence {
  from: string;
  to: string;
  reason: string;
}

/** Offences in a stable order: by importing file, then by imported file. */
export const sortOffences = (offences: Offence[]): Offence[] =>
  offences.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));

/** The offences under one heading, one a line; nothing when there are none. */
export function offenceLines(heading: string, offences: readonly Offence[]): string[] {
  if (offences.length === 0) return [];
  return [heading, ...offences.map(({ from, to, reason }) => `  ${from} → ${to}: ${reason}`)];
}

/** Each cycle by its shortest way round, and every file of it when the way round leaves some out. */
export function cycleLines(cycles: readonly Cycle[]): string[] {
  const lines: string[] = [];
  for (const { files, path } of cycles) {
    lines.push(`Import cycle through ${files.length} files: ${path.join(' → ')}`);
    if (files.length > path.length - 1) lines.push(`  all of them: ${files.join(', ')}`);
  }
  return lines;
}

/**
 * Reads a source tree's graph, checks it and prints the outcome. `problems` answers the report's lines,
 * none when the graph keeps every rule. False when a rule is broken or the graph cannot be read.
 */
export function runCheck(name: string, read: () => Graph, problems: (graph: Graph) => string[]): boolean {
  let graph: Graph;
  try {
    graph = read();
  } catch (error) {
    // An import that names no file: the check cannot vouch for a graph with a hole in it.
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  const lines = problems(graph);
  const imports = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
  if (lines.length === 0) {
    console.log(`${name}: ${graph.size} files, ${imports} imports, no floor broken, no cycle.`);
    return true;
  }
  console.error(`${name}: ${graph.size} files, ${imports} imports.`);
  for (const line of lines) console.error(line);
  return false;
}
