import { afterEach, describe, expect, it, vi } from 'vitest';
import { cycleLines, offenceLines, runCheck, sortOffences } from './report.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the import report', () => {
  it('lists offences under their heading in a stable order, and nothing when there are none', () => {
    const offences = sortOffences([
      { from: 'b.ts', to: 'a.ts', reason: 'up' },
      { from: 'a.ts', to: 'c.ts', reason: 'across' },
      { from: 'a.ts', to: 'b.ts', reason: 'up' },
    ]);
    expect(offenceLines('Against the floors:', offences)).toEqual([
      'Against the floors:',
      '  a.ts → b.ts: up',
      '  a.ts → c.ts: across',
      '  b.ts → a.ts: up',
    ]);
    expect(offenceLines('Against the floors:', [])).toEqual([]);
  });

  it('names every file of a cycle that its shortest way round leaves out', () => {
    expect(
      cycleLines([
        { files: ['a.ts', 'b.ts'], path: ['a.ts', 'b.ts', 'a.ts'] },
        { files: ['c.ts', 'd.ts', 'e.ts'], path: ['c.ts', 'd.ts', 'c.ts'] },
      ]),
    ).toEqual([
      'Import cycle through 2 files: a.ts → b.ts → a.ts',
      'Import cycle through 3 files: c.ts → d.ts → c.ts',
      '  all of them: c.ts, d.ts, e.ts',
    ]);
  });

  it('passes a clean graph, and fails one with problems or one it cannot read', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const graph = new Map([['a.ts', ['b.ts']]]);
    expect(
      runCheck(
        'Imports',
        () => graph,
        () => [],
      ),
    ).toBe(true);
    expect(log).toHaveBeenCalledWith('Imports: 1 files, 1 imports, no floor broken, no cycle.');
    expect(
      runCheck(
        'Imports',
        () => graph,
        () => ['  a.ts → b.ts: up'],
      ),
    ).toBe(false);
    expect(error.mock.calls.map(([line]) => line)).toEqual([
      'Imports: 1 files, 1 imports.',
      '  a.ts → b.ts: up',
    ]);
    const unreadable = () => {
      throw new Error("a.ts: './gone.js' names no file");
    };
    expect(runCheck('Imports', unreadable, () => [])).toBe(false);
    expect(error).toHaveBeenLastCalledWith("Imports: a.ts: './gone.js' names no file");
  });
});
