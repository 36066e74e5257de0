// Scalar's document check (the /api/docs page, @scalar/api-reference 1.46.4)
// refuses a schema that is only a oneOf or anyOf, without "type" ("Expected
// union value"), though OpenAPI 3.1 allows one; zod-to-openapi writes
// discriminated unions, and their nullable form, that way (InboxErrorDetails).
// Such a schema is given the types of its branches when every branch names
// its own: that states what the branches already say, so no value that was
// valid becomes invalid, and the docs page stops warning.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function typesOf(branch: Json): string[] | null {
  if (branch === null || typeof branch !== "object" || Array.isArray(branch)) return null;
  const type = branch.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type) && type.every((t) => typeof t === "string")) return type as string[];
  return null;
}

/** A copy of `document` in which each untyped oneOf/anyOf whose branches all have a type carries their types. */
export function withUnionTypes<T>(document: T): T {
  const visit = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const copy: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(node)) copy[key] = visit(value);
    if (copy.type === undefined && copy.$ref === undefined) {
      const branches = Array.isArray(copy.oneOf) ? copy.oneOf : Array.isArray(copy.anyOf) ? copy.anyOf : null;
      const types = branches && branches.length > 0 ? branches.map(typesOf) : null;
      if (types?.every((t) => t !== null)) {
        const unique = [...new Set(types.flat() as string[])];
        copy.type = unique.length === 1 ? (unique[0] as string) : unique;
      }
    }
    return copy;
  };
  return visit(document as Json) as T;
}
