import fc from 'fast-check';
import { z } from 'zod';

/** A JSON Schema node, as zod writes one for what a client sends. */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Strings a person would not type and a database or parser may choke on. */
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  '\ufeff',
  '\u202e',
  '😀'.repeat(40),
  'x'.repeat(5_000),
  '%',
  '%00',
  '\\',
  '_%',
  "' OR 1=1 --",
  '../../etc/passwd',
  '<script>',
  '0',
  '-1',
  '1',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '0x10',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30T25:61:00Z',
];

const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1,
  2,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

export const edgeString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
);

/** Anything JSON can carry, edge values first. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  edgeString,
  edgeNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Ids that exist in the seeded database, so generated requests reach past "not found" too. */
export interface KnownValues {
  ids: number[];
  strings: string[];
}

/** A value for one schema node: mostly of the type it asks for (edge values of it), sometimes of another. */
export function valueFor(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: typedValue(schema, known) }, { weight: 1, arbitrary: anyValue });
}

function typedValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, known)));
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), edgeString);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), edgeString);
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'integer':
    case 'number':
      return fc.oneof(edgeNumber, fc.constantFrom(...known.ids), edgeString);
    case 'string':
      return fc.oneof(edgeString, fc.constantFrom(...known.strings), fc.constantFrom(...known.ids.map(String)));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? valueFor(schema.items, known) : anyValue, { maxLength: 4 });
    case 'object':
      return objectFor(schema, known);
    default:
      return anyValue;
  }
}

/** Any subset of the named properties, each a generated value, and now and then one nobody named. */
export function objectFor(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, valueFor(property, known)]),
  );
  return fc
    .tuple(
      fc.record(properties, { requiredKeys: [] }),
      fc.option(fc.dictionary(edgeString, anyValue, { maxKeys: 2 }), { freq: 4 }),
    )
    .map(([named, extra]) => ({ ...(extra ?? {}), ...named }));
}

/** A path segment: the schema's kind of value, encoded, or raw text a router has to survive. */
export function pathSegmentFor(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<string> {
  // Through UTF-8 first: a lone surrogate cannot be percent-encoded (it becomes U+FFFD, as in a browser).
  const encoded = (schema ? typedValue(schema, known) : edgeString).map((value) =>
    encodeURIComponent(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString()),
  );
  return fc.oneof(
    { weight: 4, arbitrary: encoded },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%2F', '..', '%C0%AE', '%FF') },
  );
}

/** A query string: the named parameters (repeated ones too), or raw text. */
export function queryFor(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<string> {
  const named = objectFor(schema ?? {}, known).map((query) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        params.append(name, typeof item === 'string' ? item : JSON.stringify(item));
      }
    }
    return params.toString();
  });
  return fc.oneof(
    { weight: 4, arbitrary: named },
    { weight: 1, arbitrary: fc.constantFrom('search=%', 'limit=%zz', 'cursor=%00', '&&&', '=x', 'a[b]=1') },
  );
}
