// Scalar's document check (the /api/docs page, @scalar/api-reference 1.46.4)
// refuses a schema that is only a oneOf or anyOf, without "type" ("Expected
// union value"), though OpenAPI 3.1 allows one; zod-to-openapi writes
// discriminated unions, and their nullable form, that way (InboxErrorDetails).
// Such a schema is given the types of its branches when every branch names
// its own: that states what the branches already say, so no value that was
// valid becomes invalid, and the docs page stops warning.
//
// A nullable oneOf (its branches, then { type: "null" }) then accepts null both
// itself and in a branch, which Redocly's no-illogical-composition-keywords
// rule reports as undecided. It becomes anyOf [the other branches' oneOf, null]:
// when no other branch accepts null the two say the same (null matches the
// null branch alone, anything else the other branches alone), and anyOf, which
// lets branches overlap, leaves nothing to decide.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function typesOf(branch: Json): string[] | null {
  if (branch === null || typeof branch !== "object" || Array.isArray(branch)) return null;
  const type = branch.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type) && type.every((t) => typeof t === "string")) return type as string[];
  return null;
}

const single = (types: string[]): Json => (types.length === 1 ? (types[0] as string) : types);

const isNullOnly = (branch: Json): boolean =>
  branch !== null &&
  typeof branch === "object" &&
  !Array.isArray(branch) &&
  Object.keys(branch).length === 1 &&
  branch.type === "null";

/**
 * A copy of `document` in which each untyped oneOf/anyOf whose branches all have a type carries their types, and a
 * nullable oneOf is written as anyOf [oneOf of the others, null] (see above).
 */
export function withUnionTypes<T>(document: T): T {
  const visit = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const copy: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(node)) copy[key] = visit(value);
    if (copy.type === undefined && copy.$ref === undefined) {
      const branches = Array.isArray(copy.oneOf) ? copy.oneOf : Array.isArray(copy.anyOf) ? copy.anyOf : null;
      const types = branches && branches.length > 0 ? branches.map(typesOf) : null;
      if (branches && types?.every((t) => t !== null)) {
        const unique = [...new Set((types as string[][]).flat())];
        copy.type = single(unique);
        const others = branches.filter((b) => !isNullOnly(b));
        const othersTypes = [...new Set(others.flatMap((b) => typesOf(b) ?? []))];
        if (copy.oneOf === branches && others.length === branches.length - 1 && !othersTypes.includes("null")) {
          delete copy.oneOf;
          const rest = others.length === 1 ? (others[0] as Json) : { type: single(othersTypes), oneOf: others };
          copy.anyOf = [rest, { type: "null" }];
        }
      }
    }
    return copy;
  };
  return visit(document as Json) as T;
}
