/**
 * fast-check arbitraries for requests built from the OpenAPI document: values that fit a route's
 * schema, values that break it (wrong types, missing and extra fields), and hostile values (huge and
 * unicode strings, NUL bytes, `__proto__`/`constructor` keys, deep nesting, bad ids, odd Ranges).
 */
import fc from "fast-check";

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

const HUGE = 200_000;

/** Strings that have broken servers: huge, unicode of every plane, NUL and control bytes, path and markup tricks. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u202Eevil",
    "\uD800",
    "\uFFFF",
    "../../../../etc/passwd",
    "..%2F..%2Fjwt-secret",
    "%00",
    "%",
    "__proto__",
    "constructor",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "NaN",
    "-1",
    "1e309",
    "9".repeat(400),
    "null",
    "true",
  ),
  fc.nat({ max: HUGE }).map((length) => "x".repeat(length)),
  fc.nat({ max: 5000 }).map((length) => "é🎵\u0301".repeat(length)),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
);

/** Nesting deeper than any parser should recurse into. */
const deepNesting = fc.integer({ min: 10, max: 5000 }).map((depth) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
});

/** Objects whose own keys are `__proto__`/`constructor` (as JSON.parse makes them). */
const pollutingObject = fc
  .constantFrom(
    '{"__proto__":{"role":"ADMIN","isAdmin":true}}',
    '{"constructor":{"prototype":{"role":"ADMIN"}}}',
    '{"__proto__":null}',
    '{"prototype":{"polluted":1}}',
  )
  .map((text) => JSON.parse(text) as unknown);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }),
  fc.jsonValue({ maxDepth: 4 }),
  deepNesting,
  pollutingObject,
);

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A value that fits `schema` (enums, types, nested objects and arrays). */
export function fitting(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => fitting(choice, depth)));
  const arbitraries = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    if (type === "string") return fc.string({ maxLength: 40 });
    if (type === "integer") return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    if (type === "number") return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    if (type === "boolean") return fc.boolean();
    if (type === "null") return fc.constant(null);
    if (type === "array")
      return fc.array(schema.items && depth < 4 ? fitting(schema.items, depth + 1) : fc.string(), { maxLength: 4 });
    if (type === "object" && schema.properties && depth < 4) {
      const model = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, fitting(value, depth + 1)]));
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    return fc.jsonValue({ maxDepth: 2 });
  });
  return arbitraries.length ? fc.oneof(...arbitraries) : fc.jsonValue({ maxDepth: 2 });
}

/** A body for `schema`: fitting, fitting with one field broken, dropped or added, or hostile outright. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  const fits = fitting(schema);
  const keys = Object.keys(schema.properties ?? {});
  const broken = fc
    .tuple(fits, fc.constantFrom(...(keys.length ? keys : ["x"])), hostileValue, fc.nat(3))
    .map(([value, key, bad, how]) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return bad;
      const copy: Record<string, unknown> = { ...value };
      if (how === 0) copy[key] = bad;
      else if (how === 1) delete copy[key];
      else if (how === 2) copy[`extra_${key}`] = bad;
      else Object.assign(copy, JSON.parse('{"__proto__":{"role":"ADMIN"},"constructor":{"prototype":{}}}'));
      return copy;
    });
  return fc.oneof({ weight: 2, arbitrary: fits }, { weight: 4, arbitrary: broken }, { weight: 2, arbitrary: hostileValue });
}

/** Path ids: a real one, or anything an attacker might try. */
export const pathId = (real: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...real) },
    { weight: 3, arbitrary: hostileString.map((text) => encodeURIComponent(text.slice(0, 3000).toWellFormed())) },
    { weight: 1, arbitrary: fc.constantFrom("..%2F..", "%252e%252e%252f", "..%5C..", "%00", "%E0%A4%A", "%", "a/b") },
  );

export const rangeHeader: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    "bytes=0-",
    "bytes=0-0",
    "bytes=-0",
    "bytes=-1",
    "bytes=5-1",
    "bytes=a-b",
    "bytes=0-1,2-3",
    "bytes=-",
    "bytes=",
    "items=0-1",
    "bytes=99999999999999999999999-",
    "bytes=-99999999999999999999999",
    `bytes=${"0-1,".repeat(2000)}0-1`,
    "bytes=0-\u0000",
  ),
  fc.string().map((text) => `bytes=${text}`),
);

/** A query value: a fitting one or a hostile string. */
export const queryValue = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
  fc.oneof(
    schema ? fitting(schema).map((value) => String(value)) : fc.string(),
    hostileString.map((text) => text.slice(0, 5000)),
  );

/** A byte count as a tus header may carry it: fitting, huge, negative, fractional, or not a number at all. */
const byteCountHeader = fc.oneof(
  fc.nat({ max: 10_000 }).map(String),
  fc.constantFrom("0", "-1", "1.5", "1e9", "99999999999999999999", "9007199254740993", " 7", "0x10", ""),
  hostileString.map((text) => text.slice(0, 100)),
);

/**
 * The tus headers of a resumable upload's requests (/api/uploads), each present or not: the protocol version (right
 * or not), Upload-Length and Upload-Offset, Upload-Metadata (pairs or not) and the bytes' type.
 */
export const tusHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "tus-resumable": fc.oneof(
      fc.constant("1.0.0"),
      fc.constantFrom("0.2.2", "1.0", ""),
      hostileString.map((t) => t.slice(0, 50)),
    ),
    "upload-length": byteCountHeader,
    "upload-offset": byteCountHeader,
    "upload-defer-length": fc.constant("1"),
    "upload-metadata": fc.oneof(
      fc.constantFrom("filename dGFrZS53YXY=", "filename", "a b c", "filename !!!, filename dGFrZQ==", ",,,"),
      hostileString.map((text) => text.slice(0, 5000)),
    ),
    "content-type": fc.constantFrom("application/offset+octet-stream", "application/octet-stream"),
  },
  { requiredKeys: [] },
);
