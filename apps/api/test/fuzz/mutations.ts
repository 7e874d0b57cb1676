import fc from 'fast-check';
import { NASTY_STRINGS } from './schema-arbitrary.js';

/**
 * Near-misses of a valid value: one place in it (the whole value, a property, an item) removed or
 * replaced by a value of the wrong type, a string at a length just past a common bound, a number out of
 * any range, or a string that breaks naive code.
 */
type Path = (string | number)[];

const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, [], {}, [1, 'a'], { a: 1 }, 'x', ''];
const HUGE_NUMBERS = [2 ** 53 + 1, -(2 ** 53) - 1, 1e308, -1e308, 1e-308, 4294967296];
/** Lengths just below, at and above the bounds the contract uses. */
const LENGTHS = [
  0, 1, 2, 3, 5, 6, 7, 8, 15, 16, 24, 25, 63, 64, 65, 88, 89, 128, 129, 255, 256, 1025, 10_001,
];

function pathsOf(value: unknown, path: Path = []): Path[] {
  const here = [path];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...path, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  return here;
}

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)?.[key], value);
}

/** The value with the place at `path` replaced (or removed when `next` is `remove`). */
function put(value: unknown, path: Path, next: unknown | typeof remove): unknown {
  if (path.length === 0) return next === remove ? undefined : next;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  if (next !== remove) parent[key] = next;
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return copy;
}
const remove = Symbol('remove');

type Kind = 'remove' | 'wrongType' | 'length' | 'huge' | 'nasty';
const KINDS: Kind[] = ['remove', 'wrongType', 'length', 'huge', 'nasty'];

function mutate(value: unknown, path: Path, kind: Kind, pick: number): unknown {
  const at = get(value, path);
  switch (kind) {
    case 'remove':
      return put(value, path, remove);
    case 'wrongType':
      return put(value, path, WRONG_TYPES[pick % WRONG_TYPES.length]);
    case 'length': {
      const length = LENGTHS[pick % LENGTHS.length]!;
      const ch = pick % 3 === 0 ? 'é' : 'a';
      return put(value, path, ch.repeat(length));
    }
    case 'huge':
      return put(value, path, HUGE_NUMBERS[pick % HUGE_NUMBERS.length]);
    case 'nasty': {
      const nasty = NASTY_STRINGS[pick % NASTY_STRINGS.length]!;
      return put(value, path, typeof at === 'string' ? `${at}${nasty}` : nasty);
    }
  }
}

/** Values one mutation away from those of `valid`. */
export function mutationsOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), fc.constantFrom(...KINDS), fc.nat()).map(([value, where, kind, pick]) => {
    const paths = pathsOf(value);
    return mutate(value, paths[where % paths.length]!, kind, pick);
  });
}

/** Path ids that are not ids: text, numbers, unicode, traversal, very long. */
export const NOT_IDS = [
  'not-an-id',
  '0',
  '-1',
  '1e400',
  "' OR 1=1 --",
  '../../users',
  'é',
  '😀',
  '\u0000',
  'a'.repeat(2000),
  '00000000-0000-0000-0000-00000000000g',
  '00000000000000000000000000000000',
];
