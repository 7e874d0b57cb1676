/**
 * Part of `npm run check:imports`: fails (exit 1, listing the offenders) when an import of
 * apps/console/src goes up a floor, reaches into another feature, or closes a cycle (see importRules.ts).
 */
import path from 'node:path';
import { readGraph } from '../../../scripts/imports/importGraph';
import { runCheck } from '../../../scripts/imports/report';
import { checkGraph, formatReport } from './importRules';

const root = path.resolve(import.meta.dirname, '../src');

if (
  !runCheck(
    'Console imports',
    () => readGraph(root),
    (graph) => formatReport(checkGraph(graph)),
  )
) {
  process.exitCode = 1;
}
