// Values for a JSON schema from the OpenAPI document: one example the API
// accepts (the tenant matrix needs requests that get past validation), and
// fast-check arbitraries of valid values with mutations mixed in at every
// level (wrong types, missing and extra fields, huge strings, NUL, lone
// surrogates, odd unicode, out-of-range numbers, impossible dates).
//
// The document says "string" where the API wants a time zone, a host or an
// address: hints, by property name, give values it accepts, and keep values
// that would reach the network (SMTP hosts and ports, webhook URLs) on this
// machine.
import fc from "fast-check";
import type { JsonSchema } from "./api-operations.ts";

export type FieldHint = {
  /** A value the API accepts, for requests that must get past validation. */
  example?: unknown;
  /** Values the API accepts. */
  valid?: fc.Arbitrary<unknown>;
  /** Replaces the generic string and number mutations (fields whose values reach the network). */
  mutants?: fc.Arbitrary<unknown>;
};
export type Hints = Record<string, FieldHint>;

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/**
 * The hint for a field. A hint names single values: an array passes its name
 * on to its items ("senderEmails" hints each address), and "senderEmails[]"
 * hints the array as a whole.
 */
const hintFor = (schema: JsonSchema, name: string, hints: Hints): FieldHint | undefined => {
  const types = typesOf(schema);
  if (types.includes("array")) return hints[`${name}[]`];
  return types.includes("object") || schema.properties !== undefined ? undefined : hints[name];
};

const sampleOne = <T>(arb: fc.Arbitrary<T>): T => {
  const [value] = fc.sample(arb, { seed: 1, numRuns: 1 });
  return value as T;
};

/**
 * A value the schema accepts: the smallest reasonable one, with only the
 * required properties, or with `full` every property (nullable ones not null,
 * one entry in each map), so that every field a request can carry is there.
 */
export function exampleOf(schema: JsonSchema, name: string, hints: Hints, full = false): unknown {
  const hint = hintFor(schema, name, hints);
  if (hint?.example !== undefined) return hint.example;
  if (hint?.valid) return sampleOne(hint.valid);
  if (schema.default !== undefined && !full) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return exampleOf(branch, name, hints, full);
  const types = typesOf(schema);
  if (types.includes("null") && !full) return null;
  switch (types.find((t) => t !== "null")) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (full || schema.required?.includes(key)) out[key] = exampleOf(property, key, hints, full);
      }
      const extra = schema.additionalProperties;
      if (full && extra && extra !== true) out.extra_field = exampleOf(extra, name, hints, full);
      return out;
    }
    case "array": {
      const n = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: n }, () => exampleOf(schema.items ?? {}, name, hints, full));
    }
    case "integer":
    case "number":
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case "boolean":
      return false;
    default:
      return exampleString(schema);
  }
}

/** Where a value holds text: the path of every string, and of every map key (additionalProperties). */
export type TextSpot = { path: (string | number)[]; key: boolean };

export function textSpots(value: unknown, schema: JsonSchema, path: (string | number)[] = []): TextSpot[] {
  if (typeof value === "string") return [{ path, key: false }];
  if (Array.isArray(value)) return value.flatMap((v, i) => textSpots(v, schema.items ?? {}, [...path, i]));
  if (value === null || typeof value !== "object") return [];
  const spots: TextSpot[] = [];
  const branch = schema.anyOf?.find((b) => b.properties || b.additionalProperties) ?? schema;
  for (const [key, child] of Object.entries(value)) {
    const fixed = branch.properties?.[key];
    const extra = typeof branch.additionalProperties === "object" ? branch.additionalProperties : {};
    if (!fixed) spots.push({ path: [...path, key], key: true });
    spots.push(...textSpots(child, fixed ?? extra, [...path, key]));
  }
  return spots;
}

/** A copy of `value` with the text at `spot` replaced by `text` (any value), or, for a key, renamed to it. */
export function withText(value: unknown, spot: TextSpot, text: unknown): unknown {
  const copy = structuredClone(value);
  const parentPath = spot.path.slice(0, -1);
  const last = spot.path.at(-1);
  if (last === undefined) return text;
  let parent = copy as Record<string | number, unknown>;
  for (const step of parentPath) parent = parent[step] as Record<string | number, unknown>;
  if (spot.key) {
    const moved = parent[last];
    delete parent[last];
    parent[String(text)] = moved;
  } else {
    parent[last] = text;
  }
  return copy;
}

function exampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case "email":
      return "someone@example.test";
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
    case "date":
      return "2026-12-01";
    case "date-time":
      return "2026-12-01T09:00:00.000Z";
  }
  if (schema.pattern) return sampleOne(fc.stringMatching(new RegExp(schema.pattern)));
  const text = "example".padEnd(schema.minLength ?? 0, "x");
  return text.slice(0, schema.maxLength ?? text.length);
}

// ---- mutations ------------------------------------------------------------

/** Values of the wrong type for any field. */
const wrongTypes = fc.constantFrom<unknown>(null, true, false, 0, -1, [], {}, [null], { a: 1 }, [[[]]]);

const oddStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\ud83d",
  "\ude00y",
  "\ud83d\ude00",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "e\u0301\u0301\u0301",
  "\ufeff",
  "\uffff",
  "\u00a0\u2028\u2029",
  "\\u0000",
  "%00",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "{{firstName}}",
  "null",
  "0000-01-01",
  "2026-02-30",
  "9999-12-31",
  "10000-01-01",
  "0000-01-01T00:00:00Z",
  "2026-02-30T00:00:00.000000Z",
  "not-a-uuid",
  "-".repeat(36),
  "00000000-0000-0000-0000-000000000000",
);

/** Strings of any code units, lone surrogates and NUL included. */
const rawUnits = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\u0000", "\ud800", "\udc00", "\u0085", "\u2028", "\\", '"'),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 30,
});

function hugeStrings(schema: JsonSchema): fc.Arbitrary<string> {
  const over = Math.min((schema.maxLength ?? 10_000) + 1, 8_000_000);
  return fc.constantFrom("x".repeat(over), "\u00e9".repeat(Math.min(over, 100_000)), "\ud83d\ude00".repeat(5_000));
}

function stringMutants(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(oddStrings, rawUnits, fc.string({ unit: "grapheme", maxLength: 40 }), hugeStrings(schema));
}

function numberMutants(schema: JsonSchema): fc.Arbitrary<unknown> {
  const edges = [-1, 0, 0.5, -0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 1e-7, Number.MAX_SAFE_INTEGER + 2];
  if (schema.minimum !== undefined) edges.push(schema.minimum - 1);
  if (schema.maximum !== undefined) edges.push(schema.maximum + 1);
  return fc.oneof(fc.constantFrom(...edges), fc.double(), fc.constantFrom("1", "1e3", "NaN", "Infinity"));
}

function mutantsOf(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  const hint = hintFor(schema, name, hints);
  if (hint?.mutants) return fc.oneof(hint.mutants, wrongTypes);
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [wrongTypes];
  if (types.includes("string") || types.length === 0) options.push(stringMutants(schema));
  if (types.includes("integer") || types.includes("number")) options.push(numberMutants(schema));
  if (types.includes("object") || schema.properties) {
    // Required fields missing, and keys nobody expects.
    options.push(objectOf(schema, name, hints, true, []));
    options.push(
      fc.dictionary(
        fc.oneof(fc.constantFrom("__proto__", "constructor", "\u0000", "\ud800", ""), rawUnits),
        wrongTypes,
        {
          maxKeys: 3,
        },
      ),
    );
  }
  if (types.includes("array")) {
    const item = schema.items ?? {};
    options.push(fc.array(mutantsOf(item, name, hints), { maxLength: 3 }));
    if (schema.maxItems !== undefined && schema.maxItems <= 50_000) {
      const example = exampleOf(item, name, hints);
      options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => example)));
    }
  }
  return fc.oneof(...options);
}

// ---- valid values ---------------------------------------------------------

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "email":
      return emailAddresses;
    case "uuid":
      return fc.uuid();
    case "date":
      return dates.map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return dates.map((d) => d.toISOString());
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  // Mostly not empty: the API's own rules ("Please enter a subject") refuse more than the schema says.
  const maxLength = Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, (schema.minLength ?? 0) + 40));
  const minLength = Math.min(Math.max(schema.minLength ?? 0, 1), maxLength);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    { weight: 2, arbitrary: fc.constant("example".padEnd(minLength, "x").slice(0, schema.maxLength)) },
    { weight: 1, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength }) },
  );
}

const dates = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2100-01-01T00:00:00Z"),
  noInvalidDate: true,
});

export const emailAddresses = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.constantFrom("example.test", "prospects.test"))
  .map(([local, domain]) => `${local.replace(/\.\.+/g, ".")}@${domain}`);

function objectOf(
  schema: JsonSchema,
  name: string,
  hints: Hints,
  mutate: boolean,
  required = schema.required ?? [],
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, fieldValues(property, key, hints, mutate)]),
  );
  const fixed = fc.record(model, { requiredKeys: required.filter((k) => k in properties) });
  const extra = schema.additionalProperties;
  if (!extra || extra === true) return fixed;
  const keys = mutate
    ? fc.oneof({ weight: 6, arbitrary: mergeTagNames }, { weight: 1, arbitrary: rawUnits })
    : mergeTagNames;
  const more = fc.dictionary(keys, fieldValues(extra, name, hints, mutate), { maxKeys: 3 });
  return fc.tuple(fixed, more).map(([a, b]) => ({ ...b, ...(a as object) }));
}

const mergeTagNames = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,15}$/);

function validOf(schema: JsonSchema, name: string, hints: Hints, mutate: boolean): fc.Arbitrary<unknown> {
  const hint = hintFor(schema, name, hints);
  if (hint?.valid) return hint.valid;
  if (hint?.example !== undefined) return fc.constant(hint.example);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => validOf(b, name, hints, mutate)));
  const types = typesOf(schema);
  const options = (types.length > 0 ? types : ["string"]).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "object":
        return objectOf(schema, name, hints, mutate);
      case "array": {
        // Mostly not empty, for the same reason as strings.
        const maxLength = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 2));
        const item = fieldValues(schema.items ?? {}, name, hints, mutate);
        return fc.oneof(
          {
            weight: 5,
            arbitrary: fc.array(item, { minLength: Math.min(Math.max(schema.minItems ?? 0, 1), maxLength), maxLength }),
          },
          { weight: 1, arbitrary: fc.array(item, { minLength: schema.minItems ?? 0, maxLength }) },
        );
      }
      case "integer":
        return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
      case "number":
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case "boolean":
        return fc.boolean();
      default:
        return validString(schema);
    }
  });
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

/**
 * Values for a field: valid ones, and with `mutate`, a mutation now and then at
 * this level or any level below (about one field in twelve), so most requests
 * carry one or two faults and still reach the code behind validation.
 */
export function fieldValues(schema: JsonSchema, name: string, hints: Hints, mutate: boolean): fc.Arbitrary<unknown> {
  const valid = validOf(schema, name, hints, mutate);
  if (!mutate) return valid;
  return fc.oneof({ weight: 11, arbitrary: valid }, { weight: 1, arbitrary: mutantsOf(schema, name, hints) });
}
