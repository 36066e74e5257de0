/// <reference types="vite/client" />
// Walks every exported schema of src/shared/**/*.schemas.ts with oversize,
// wrongly typed and missing values: no message may be zod's own text
// ("Too big: expected string to have <=998 characters"), which is what users
// saw before the field messages were installed.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contactInputSchema } from "../contacts/contacts.schemas.ts";
import { fieldLabel, installFieldMessages } from "./field-messages.ts";

installFieldMessages();

// Word-bounded: an enum value such as "unexpected" is not zod's text.
const RAW_ZOD_TEXT = /\bexpected\b|Too big|Too small|Invalid input/;

type Mode = "oversize" | "wrongType" | "missing";
type Def = { type: string; [key: string]: unknown };

// Longer than every text limit of the schemas (the longest is a message body's 200,000).
const HUGE = "x".repeat(200_001);

/** A value for a schema that breaks it the way `mode` says, as deep as the schema goes. */
function sample(schema: z.ZodType, mode: Mode, depth = 0): unknown {
  const def = schema._zod.def as unknown as Def;
  if (depth > 8) return undefined;
  const inner = (key: string) => sample(def[key] as z.ZodType, mode, depth + 1);
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      if (mode === "missing") return {};
      return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, sample(s, mode, depth + 1)]));
    }
    case "string":
      return mode === "wrongType" ? 12345 : mode === "oversize" ? HUGE : undefined;
    case "number":
    case "int":
      return mode === "wrongType" ? "many" : mode === "oversize" ? 1e15 : undefined;
    case "boolean":
      return mode === "wrongType" ? "yes" : undefined;
    case "date":
      return mode === "wrongType" ? "someday" : undefined;
    case "array": {
      const element = inner("element");
      if (mode === "wrongType") return "not a list";
      // One element: a list over its limit (10,000 contacts) would report every element's
      // issues too, minutes of parsing; the list-limit message is checked on its own below.
      return mode === "missing" ? undefined : [element];
    }
    case "record":
      return mode === "wrongType" ? "not an object" : { [HUGE.slice(0, 300)]: inner("valueType") };
    case "enum":
    case "literal":
      return mode === "missing" ? undefined : "not-one-of-these";
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return inner("innerType");
    case "pipe":
      return inner("in");
    case "union":
      return sample((def.options as z.ZodType[])[0] as z.ZodType, mode, depth + 1);
    case "lazy":
      return sample((def.getter as () => z.ZodType)(), mode, depth + 1);
    default:
      return mode === "missing" ? undefined : Symbol("unexpected");
  }
}

const modules = import.meta.glob<Record<string, unknown>>("../**/*.schemas.ts", { eager: true });
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ label: `${file.replace("../", "")} ${name}`, schema })),
);

describe("field messages", () => {
  it("finds the shared schemas", () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  for (const mode of ["oversize", "wrongType", "missing"] as const) {
    it(`names the field and the limit for every ${mode} value, never zod's own text`, () => {
      const raw: string[] = [];
      let issues = 0;
      for (const { label, schema } of schemas) {
        const result = schema.safeParse(sample(schema, mode));
        if (result.success) continue;
        for (const issue of result.error.issues) {
          issues++;
          if (RAW_ZOD_TEXT.test(issue.message)) raw.push(`${label} ${issue.path.join(".")}: ${issue.message}`);
          // A limit a schema words itself ("Email is too long") must still say the limit.
          const limit = Number(issue.code === "too_big" ? issue.maximum : 0);
          if (
            issue.code === "too_big" &&
            !issue.message.includes(limit.toLocaleString("en-US")) &&
            !issue.message.includes(String(limit))
          )
            raw.push(`${label} ${issue.path.join(".")}: ${issue.message} (limit ${issue.maximum} not said)`);
        }
      }
      expect(issues).toBeGreaterThan(20);
      expect(raw).toEqual([]);
    });
  }

  it("says which field and which limit", () => {
    const result = contactInputSchema.safeParse({ email: "a@b.co", company: "c".repeat(10_000) });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Company must be at most 300 characters."]);
    const missing = z.object({ subject: z.string() }).safeParse({});
    expect(missing.error?.issues[0]?.message).toBe("Subject is required.");
    const many = z.object({ tags: z.array(z.string()).max(3) }).safeParse({ tags: ["a", "b", "c", "d"] });
    expect(many.error?.issues[0]?.message).toBe("Tags can have at most 3 items.");
  });

  it("keeps a schema's own message", () => {
    expect(contactInputSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Email is required");
  });

  it("labels keys as the forms do", () => {
    expect(fieldLabel("firstName")).toBe("First Name");
    expect(fieldLabel("dailyLimit")).toBe("Daily limit");
    expect(fieldLabel("redirect_uri")).toBe("Redirect uri");
  });
});
