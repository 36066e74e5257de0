import { describe, expect, it } from "vitest";
import { withUnionTypes } from "./openapi-union-types.ts";

const details = { type: "object", properties: { kind: { type: "string", enum: ["details"] } } };
const raw = { type: "object", properties: { kind: { type: "string", enum: ["raw"] } } };

describe("withUnionTypes", () => {
  it("gives a nullable discriminated union the types of its branches, null apart in an anyOf", () => {
    const doc = { components: { schemas: { U: { oneOf: [details, raw, { type: "null" }] } } } };
    expect(withUnionTypes(doc).components.schemas.U).toEqual({
      type: ["object", "null"],
      anyOf: [{ type: "object", oneOf: [details, raw] }, { type: "null" }],
    });
    const one = { oneOf: [{ type: "string" }, { type: "null" }] };
    expect(withUnionTypes(one)).toEqual({ type: ["string", "null"], anyOf: [{ type: "string" }, { type: "null" }] });
  });

  it("keeps a nullable oneOf whose other branches accept null too (oneOf then refuses null)", () => {
    const doc = { oneOf: [{ type: ["string", "null"] }, { type: "null" }] };
    expect(withUnionTypes(doc)).toEqual({ type: ["string", "null"], oneOf: doc.oneOf });
  });

  it("uses one type when the branches share it, also for anyOf and nested schemas", () => {
    const doc = { paths: { "/x": { schema: { properties: { e: { anyOf: [details, raw] } } } } } };
    expect(withUnionTypes(doc).paths["/x"].schema.properties.e).toEqual({ type: "object", anyOf: [details, raw] });
  });

  it("merges array types, each once", () => {
    const doc = { oneOf: [{ type: ["string", "null"] }, { type: "null" }, { type: "integer" }] };
    expect(withUnionTypes(doc)).toMatchObject({ type: ["string", "null", "integer"] });
  });

  it("leaves alone a union with an untyped branch, a typed union, a $ref and the input", () => {
    const doc = {
      a: { oneOf: [details, { $ref: "#/components/schemas/B" }] },
      b: { type: "object", oneOf: [details, raw] },
      c: { $ref: "#/x", oneOf: [details] },
      d: { oneOf: [] },
    };
    const before = structuredClone(doc);
    expect(withUnionTypes(doc)).toEqual(before);
    expect(doc).toEqual(before);
  });
});
