/**
 * `npm run check:imports`: fails (exit 1, listing the offenders) when an import of apps/console/src
 * goes up a floor, reaches into another feature, or closes a cycle (see importRules.ts).
 */
import path from 'node:path';
import { readGraph } from './importGraph';
import { checkGraph, formatReport, isClean } from './importRules';

const root = path.resolve(import.meta.dirname, '../src');

function run(): boolean {
  let graph: Map<string, string[]>;
  try {
    graph = readGraph(root);
  } catch (error) {
    // An import that names no file: the check cannot vouch for a graph with a hole in it.
    console.error(`Console imports: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  const report = checkGraph(graph);
  const imports = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
  if (isClean(report)) {
    console.log(`Console imports: ${graph.size} files, ${imports} imports, no floor broken, no cycle.`);
    return true;
  }
  console.error(`Console imports: ${graph.size} files, ${imports} imports.`);
  for (const line of formatReport(report)) console.error(line);
  return false;
}

if (!run()) process.exitCode = 1;
