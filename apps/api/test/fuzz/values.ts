/**
 * Values for the fuzz suite: well-formed ones read from an operation's JSON Schema (so requests reach
 * the handlers), and hostile ones to put in their place (docs/security.md item 15).
 */
import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';

/** Text sent exactly as written: JSON the serialiser cannot produce (1e400, NaN), malformed escapes. */
export class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `Raw(${JSON.stringify(this.text.length > 80 ? `${this.text.slice(0, 80)}…(${this.text.length})` : this.text)})`;
  }
}

/**
 * Known values the generator prefers for a field, so valid requests hit real rows: by field name, or
 * for a path parameter by "<segment before it>/<name>" ("teams/id" in /api/manage/teams/{id}).
 */
export interface Pools {
  uuids: string[];
  byName: Record<string, string[]>;
}

const PATTERN_CACHE = new Map<string, RegExp>();
const regex = (pattern: string) => {
  let re = PATTERN_CACHE.get(pattern);
  if (!re) PATTERN_CACHE.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
};

function fitsString(schema: JsonSchema, value: string): boolean {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (schema.pattern && !regex(schema.pattern).test(value)) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  return true;
}

/** fast-check cannot generate from every pattern (lookaheads); those fields fall back to the pools. */
function matchable(pattern: string): boolean {
  try {
    fc.stringMatching(regex(pattern));
    return true;
  } catch {
    return false;
  }
}

function stringValue(schema: JsonSchema, pools: Pools, name: string): fc.Arbitrary<string> {
  const known = (pools.byName[name] ?? []).filter((v) => fitsString(schema, v));
  let generic: fc.Arbitrary<string>;
  if (schema.format === 'uuid') {
    const uuids = pools.uuids.filter((v) => fitsString(schema, v));
    generic = uuids.length ? fc.oneof(fc.constantFrom(...uuids), fc.uuid()) : fc.uuid();
  } else if (schema.pattern && matchable(schema.pattern)) {
    generic = fc.stringMatching(regex(schema.pattern)).filter((v) => fitsString(schema, v));
  } else if (/email/i.test(name)) {
    generic = fc.emailAddress().filter((v) => fitsString(schema, v));
  } else if (schema.pattern && known.length) {
    return fc.constantFrom(...known);
  } else {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength;
    generic = fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max ?? 40, 40)) });
    // Right at the maximum, in one-, two- and four-byte characters: the column must hold what the schema lets through.
    if (max !== undefined && max <= 10_000)
      generic = fc.oneof(
        { arbitrary: generic, weight: 3 },
        fc
          .constantFrom('a', 'é', 'ção', '\u{1f600}', 'ﷺ')
          .map((c) => c.repeat(Math.max(1, Math.floor(max / c.length))).slice(0, max))
          .filter((v) => fitsString(schema, v)),
      );
  }
  return known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, generic) : generic;
}

/** Values that pass the schema (near enough: zod refinements such as "passwords match" are not in it). */
export function validValue(schema: JsonSchema, pools: Pools, name = ''): fc.Arbitrary<unknown> {
  const base = ((): fc.Arbitrary<unknown> => {
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    if ('const' in schema) return fc.constant(schema.const);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices?.length) return fc.oneof(...choices.map((s) => validValue(s, pools, name)));
    switch (schema.type) {
      case 'string':
        return stringValue(schema, pools, name);
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
          max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
        });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(schema.items ? validValue(schema.items, pools, name) : fc.jsonValue(), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'object': {
        const props = schema.properties ?? {};
        const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validValue(s, pools, k)]));
        return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, fc.constant(null)) : base;
}

// ── hostile values ───────────────────────────────────────────────────────────────────────────────

/** Keys that reach Object.prototype when code copies them carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

const oddCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u{1f600}',
  'e\u0301',
  '%',
  '%00',
  '\\',
  '"',
  "'",
);

const nastyText = fc.constantFrom(
  ...PROTOTYPE_KEYS,
  '',
  ' ',
  '   ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e400',
  '9007199254740993',
  '99999999999999999999999',
  '0x1F',
  '1_000',
  '１２３',
  'true',
  '[]',
  '{}',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR '1'='1",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '%s%s%s%n',
  'AAAA\u0000BBBB',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-00000000000g',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
);

/** NUL and control characters, lone surrogates, odd Unicode, very long text, injection classics. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  nastyText,
  fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.array(oddCharacter, { minLength: 1, maxLength: 4 }),
      fc.string({ maxLength: 8 }),
    )
    .map(([a, odd, b]) => a + odd.join('') + b),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc
    .tuple(fc.constantFrom('a', 'é', '\u{1f600}', '\u0000', '%', 'ﷺ'), fc.integer({ min: 257, max: 70_000 }))
    .map(([c, n]) => c.repeat(n)),
);

/** Huge, negative, fractional and not-quite numbers; JSON cannot write some of them, so they go raw. */
export const hostileNumber: fc.Arbitrary<number | Raw> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    -1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53,
    2 ** 53 + 2,
    2 ** 64,
    -(2 ** 64),
    1e21,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc
    .constantFrom('1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', '0x10', '01', '1.', '.5', '+1', '1e', '-')
    .map((t) => new Raw(t)),
  fc.double(),
  fc.integer(),
);

/** Arrays or objects nested far deeper than any contract (up to ~60 KB of brackets). */
export const deepNesting: fc.Arbitrary<Raw> = fc
  .tuple(fc.integer({ min: 50, max: 30_000 }), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, shape]) => {
    if (shape === 'array') return new Raw('['.repeat(depth) + ']'.repeat(depth));
    if (shape === 'object') {
      const d = Math.floor(depth / 5);
      return new Raw('{"a":'.repeat(d) + '1' + '}'.repeat(d));
    }
    const d = Math.floor(depth / 6);
    return new Raw('[{"a":'.repeat(d) + '1' + '}]'.repeat(d));
  });

/** Any JSON value: the wrong type for most fields. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 10 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
  fc.constant([]),
  fc.constant({}),
);

/** An object with a prototype key of its own (written with defineProperty: `o.__proto__ = x` would not be). */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

export const protoValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({ polluted: 'yes' }),
  fc.constant({ constructor: { prototype: { polluted: 'yes' } } }),
  fc.constant(null),
  fc.constant('polluted'),
  fc.constant([]),
);

/** Anything hostile that may stand where a value was. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: anyJson, weight: 2 },
  { arbitrary: deepNesting, weight: 1 },
  { arbitrary: protoValue, weight: 1 },
);

/** JSON text for a value, with Raw pieces as written and own prototype keys kept. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return `{${Object.keys(value)
    .map((k) => `${JSON.stringify(k)}:${toJson((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

/** Text as a query or path value: Raw goes unencoded (malformed escapes), the rest percent-encoded. */
export function urlText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  // A lone surrogate has no UTF-8 form: it goes as the bytes of an encoded surrogate, which is not valid UTF-8.
  if (typeof value === 'string')
    return value.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (m) =>
      m.length === 1 && /[\ud800-\udfff]/.test(m) ? '%ED%A0%80' : encodeURIComponent(m),
    );
  if (value !== null && typeof value === 'object') return encodeURIComponent(toJson(value));
  return encodeURIComponent(String(value));
}

/** A header value as Node will send it: latin-1 bytes of the UTF-8 text, control characters dropped. */
export function headerText(value: unknown): string {
  const text = value instanceof Raw ? value.text : typeof value === 'string' ? value : toJson(value);
  return withoutControls(Buffer.from(text.slice(0, 8000), 'utf8').toString('latin1'));
}

/** Node refuses control characters in a header value (a tab excepted). */
export const withoutControls = (text: string) =>
  [...text].filter((c) => c === '\t' || (c >= ' ' && c !== '\u007f')).join('');
