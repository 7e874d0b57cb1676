import type { Graph } from './importGraph.js';

export interface Cycle {
  /** Every file of the strongly connected group, sorted. */
  files: string[];
  /** One shortest way round, first file repeated at the end. */
  path: string[];
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
