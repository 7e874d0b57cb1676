/**
 * Part of `npm run check:imports`: fails (exit 1, listing the offenders) when an import of apps/api goes
 * up a floor, reaches past a module's index.ts, or closes a cycle (see importRules.ts).
 */
import path from 'node:path';
import { readGraph } from '../../../scripts/imports/importGraph.js';
import { runCheck } from '../../../scripts/imports/report.js';
import { checkGraph, formatReport, SOURCE_FOLDERS } from './importRules.js';

const root = path.resolve(import.meta.dirname, '..');

if (
  !runCheck(
    'API imports',
    () => readGraph(root, SOURCE_FOLDERS),
    (graph) => formatReport(checkGraph(graph)),
  )
) {
  process.exitCode = 1;
}
