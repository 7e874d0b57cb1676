import { encodeAuditCursor } from '@skyvault/contract';
import fc from 'fast-check';

/**
 * Values for a contract schema, drawn from its JSON Schema (`z.toJSONSchema(schema, { io: 'input' })`, the
 * same document the API's OpenAPI shows). The JSON Schema carries types, lengths, ranges, patterns and
 * formats but not the contract's refinements, so a drawn value is only likely to be valid: the fuzzer
 * asks the zod schema itself which it is.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Addresses for `uri` fields: this machine, on ports where nothing listens, so no call leaves it or waits. */
const URIS = [
  'https://127.0.0.1:9/',
  'https://127.0.0.1:9/callback',
  'http://localhost:9/cb?x=1',
  'https://localhost:9/realms/a%20b',
  'http://[::1]:9/',
];

/** Characters a string is drawn from: ASCII, letters of other scripts, marks, symbols, markup and SQL. */
export const CHARACTERS = [
  ...'abcxyzABCXYZ0123456789',
  ...' -_.,:;!?\'"()[]&/@#%+=*$<>\\`{}|~^',
  'é',
  'ß',
  'Ж',
  'ñ',
  'ü',
  '日',
  '本',
  'ع',
  'ה',
  '\u0301',
  '\u200b',
  '\u202e',
  '—',
  '“',
  '”',
  '😀',
  '𝔘',
  '\t',
  '\n',
];

/** Whole strings that break naive code: markup, SQL, paths, control characters, lone surrogates. */
export const NASTY_STRINGS = [
  "' OR 1=1 --",
  "Robert'); DROP TABLE users;--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  `$${'{7*7}'}{{7*7}}`,
  '   ',
  'NaN',
  'null',
  '\u202eexe.txt',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
];

const DIGITS = [...'0123456789'];

/** `^[class]+$` and `^[class]*$`: the character class, so strings can be drawn from its members alone. */
const classOf = (pattern: string) => /^\^\[(.+)\][+*]\$$/.exec(pattern)?.[1];

/** The characters of CHARACTERS that a string with these patterns may consist of. */
function unitFor(patterns: string[]): string[] {
  let unit = CHARACTERS;
  for (const pattern of patterns) {
    if (/^\^\\d(\{\d+\}|\+)\$$/.test(pattern)) unit = unit.filter((ch) => DIGITS.includes(ch));
    const cls = classOf(pattern);
    if (cls) {
      const member = new RegExp(`^[${cls}]$`, 'u');
      unit = unit.filter((ch) => member.test(ch));
    }
  }
  return unit.length ? unit : DIGITS;
}

/** Lengths at and inside the bounds, the bounds themselves drawn often (they are where mistakes live). */
function lengthOf(min: number, max: number): fc.Arbitrary<number> {
  const top = Math.min(max, min + 80);
  return fc.oneof(fc.constant(min), fc.constant(max), fc.integer({ min, max: top }));
}

function stringArbitrary(schemas: JsonSchema[]): fc.Arbitrary<string> {
  const format = schemas.find((s) => s.format)?.format;
  if (format === 'uuid') return fc.uuid({ version: 4 });
  if (format === 'uri') return fc.constantFrom(...URIS);
  if (format === 'email') {
    const part = fc.string({ unit: fc.constantFrom(...'abcxyz019'), minLength: 1, maxLength: 24 });
    return fc.oneof(
      { weight: 4, arbitrary: fc.tuple(part, part).map(([local, host]) => `${local}+x_y.z@${host}.example`) },
      fc.constantFrom('user@example.com', 'ÜSER@exämple.com', `${'a'.repeat(64)}@example.com`, 'a@b'),
    );
  }
  const min = Math.max(0, ...schemas.map((s) => s.minLength ?? 0));
  const max = Math.min(...schemas.map((s) => s.maxLength ?? 4096));
  const patterns = schemas.flatMap((s) => (s.pattern ? [s.pattern] : []));
  const unit = unitFor(patterns);
  const drawn = lengthOf(min, Math.max(min, max)).chain((length) =>
    fc.string({ unit: fc.constantFrom(...unit), minLength: length, maxLength: length }),
  );
  const matching = patterns.map((pattern) => new RegExp(pattern, 'u'));
  const nasty = NASTY_STRINGS.filter(
    (s) => s.length >= min && s.length <= max && matching.every((pattern) => pattern.test(s)),
  );
  return nasty.length ? fc.oneof({ weight: 12, arbitrary: drawn }, fc.constantFrom(...nasty)) : drawn;
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  return fc.oneof(fc.constant(min), fc.constant(max), fc.integer({ min, max: Math.min(max, min + 1000) }));
}

/**
 * What the JSON Schema cannot say about a field (a refinement in the contract), told by its name: a code
 * is six digits, an address an IP address. Drawn beside the schema's own values, not instead of them.
 */
const BY_NAME: [RegExp, fc.Arbitrary<unknown>][] = [
  [/^code$/, fc.stringMatching(/^\d{6}$/)],
  [/IPAddress$/, fc.oneof(fc.ipV4(), fc.ipV6())],
  // The audit trail's filters: a time, a user's id or address, a page position the API gave.
  [
    /^(from|to)$/,
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  ],
  // An API token's end: from a little in the past to a little past the two years it may last.
  [
    /^expiresAt$/,
    fc
      .integer({ min: -2, max: 800 })
      .map((days) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString()),
  ],
  [/^actor$/, fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom('user@example.com', 'ADA@example.com'))],
  [/^cursor$/, fc.integer({ min: 1, max: 1_000_000 }).map(encodeAuditCursor)],
  // A verified domain's name: any host name, an organization's, a free-mail or public-suffix one.
  [
    /^domain$/,
    fc.oneof(fc.domain(), fc.constantFrom('acme-fuzz.example.com', 'Example.ORG', 'gmail.com', 'co.uk')),
  ],
];

/** Values to draw for a property by its name, beside the schema's own (the ids a tenant has, say). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

function propertyArbitrary(name: string, schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const hint = hints[name] ?? BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
  const own = arbitraryOf(schema, hints);
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, own) : own;
}

/** A confirmation field that repeats another (`confirmPassword`), mostly repeating it. */
function withConfirmations(record: fc.Arbitrary<Record<string, unknown>>) {
  return fc.tuple(record, fc.integer({ min: 0, max: 4 })).map(([value, roll]) => {
    if (roll > 0 && 'confirmPassword' in value && 'password' in value)
      return { ...value, confirmPassword: value.password };
    return value;
  });
}

function objectArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record = withConfirmations(
    fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, propertyArbitrary(key, value, hints)]),
      ),
      { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
    ),
  );
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  if (!extra || Object.keys(properties).length) return record;
  return fc.dictionary(
    arbitraryOf(schema.propertyNames ?? { type: 'string' }, hints) as fc.Arbitrary<string>,
    arbitraryOf(extra, hints),
    {
      maxKeys: 4,
    },
  );
}

/** The properties of several object schemas as one, for an `allOf`. */
function merged(schemas: JsonSchema[]): JsonSchema {
  const all: JsonSchema = { properties: {}, required: [] };
  for (const schema of schemas) {
    Object.assign(all.properties!, schema.properties);
    all.required!.push(...(schema.required ?? []));
    if (schema.type) all.type = schema.type;
  }
  return all;
}

/** A value the JSON Schema describes (or very nearly: see above). */
export function arbitraryOf(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, hints)));
  if (schema.allOf) {
    const parts = [schema, ...schema.allOf];
    if (parts.some((s) => s.type === 'string')) return stringArbitrary(parts);
    return arbitraryOf(merged(schema.allOf), hints);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary([schema]);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      });
    case 'object':
      return objectArbitrary(schema, hints);
    default:
      // `{}`: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}
