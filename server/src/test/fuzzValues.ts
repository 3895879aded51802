/**
 * What the property-based fuzz of every call draws besides plain random JSON: text at Unicode's edges,
 * superjson envelopes whose meta cannot be decoded, and bodies shaped like a call from its fields.
 */
import fc from 'fast-check';

/** NUL, lone high and low surrogates, right-to-left and bidi controls, combining marks, a BOM, an emoji pair. */
const EDGE_CHARACTERS = [
  '\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude99',
  '\u200f', '\u200e', '\u202e', '\u2067', '\u061c', '\u05e9\u05dc\u05d5\u05dd',
  '\u0301', '\u0336\u0336\u0336', 'e\u0301', '\ufeff', '\u{1F699}', '\u{10FFFF}', '\\u0000',
];

/** Text around those characters: random pieces (any code point, lone surrogates included) joined, or one repeated very long. */
export const edgeText: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...EDGE_CHARACTERS), fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 4 })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((parts) => parts.join('')),
    weight: 5,
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', ...EDGE_CHARACTERS), fc.constantFrom(201, 501, 2_001, 5_001, 60_000))
      .map(([unit, count]) => unit.repeat(count)),
    weight: 1,
  },
);

/** A superjson meta path: into the call's fields, at the root, or at the prototype. */
const metaPath = (fields: string[]) =>
  fc.oneof(
    fc.constantFrom('', '__proto__', '__proto__.polluted', 'constructor.prototype.polluted', 'a.b.c', '0', ...fields),
    fc.constantFrom(...fields).map((field) => `${field}.__proto__`),
    fc.string({ maxLength: 6 }),
  );

/** A transformation superjson does not know, cannot apply to the value, or applies to a value it cannot read. */
const transformation = fc.oneof(
  fc.constantFrom('undefined', 'bigint', 'Date', 'regexp', 'set', 'map', 'Error', 'URL', 'number', 'bogus', ''),
  fc.tuple(fc.constantFrom('class', 'custom', 'symbol', 'typed-array', 'bogus'), fc.string({ maxLength: 8 })),
  fc.jsonValue({ maxDepth: 1 }),
);

/** superjson's meta, mostly malformed: odd transformations at odd paths, referential loops, or anything at all. */
const malformedMeta = (fields: string[]) =>
  fc.oneof(
    fc.record({ values: fc.dictionary(metaPath(fields), fc.array(transformation, { minLength: 1, maxLength: 2 }), { maxKeys: 3 }) }),
    fc.record({ values: fc.array(transformation, { minLength: 1, maxLength: 2 }) }),
    fc.record({ referentialEqualities: fc.dictionary(metaPath(fields), fc.array(metaPath(fields), { maxLength: 3 }), { maxKeys: 2 }) }),
    fc.record({ v: fc.jsonValue({ maxDepth: 1 }), values: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 2 }),
  );

/** A superjson envelope, as the admin calls take, around `json` with a meta that is mostly malformed; as the request's text. */
export const superjsonEnvelope = (json: fc.Arbitrary<unknown>, fields: string[]): fc.Arbitrary<string> =>
  fc.record({ json, meta: malformedMeta(fields) }).map((envelope) => JSON.stringify(envelope));

/**
 * A body shaped like a call: each of its request's fields drawn from its values. A field with no values
 * fails at once, so a field added to a request cannot go undrawn.
 */
export function callShapedRecord(
  fields: readonly string[],
  values: Record<string, fc.Arbitrary<unknown>>,
  { everyFieldOptional = false } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const undrawn = fields.filter((field) => !values[field]);
  if (undrawn.length) throw new Error(`No values to draw for ${undrawn.join(', ')}: add them to the fuzz's field values`);
  const model = Object.fromEntries(fields.map((field) => [field, values[field]]));
  return everyFieldOptional ? fc.record(model, { requiredKeys: [] }) : fc.record(model);
}
