// Ids from the outside (paths, cursors, bodies) are checked before they reach
// a uuid column or a ::uuid cast: a malformed one fails the cast (a 500) where
// it should simply match nothing (a 404). A loose check such as
// /^[0-9a-f-]{36}$/ lets "------------------------------------" through.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
