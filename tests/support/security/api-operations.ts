// The API's operations as the OpenAPI document describes them (GET
// /api/openapi.json from the app), with every $ref resolved, so the security
// suites cover each route the document lists without naming routes themselves.

/** The subset of JSON Schema that @hono/zod-openapi emits for the API's zod schemas. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
};

export type ApiParameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema };

export type ApiOperation = {
  /** "GET /api/campaigns/{id}": how the suites name a route in test titles and messages. */
  key: string;
  method: string;
  path: string;
  pathParams: ApiParameter[];
  queryParams: ApiParameter[];
  body?: { required: boolean; contentTypes: string[]; schema: JsonSchema };
  /** The statuses the document declares ("200", "404", "502", ...). */
  statuses: string[];
};

type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type OperationObject = {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};

const METHODS = ["get", "put", "post", "delete", "patch"];

function resolver(doc: OpenApiDocument) {
  const schemas = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema, depth = 0): JsonSchema => {
    if (depth > 20) throw new Error("the OpenAPI document's schemas nest deeper than 20 levels (a cycle?)");
    if (schema.$ref) {
      const name = schema.$ref.replace("#/components/schemas/", "");
      const target = schemas[name];
      if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
      return resolve(target, depth + 1);
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1)]),
      );
    }
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
      out.additionalProperties = resolve(schema.additionalProperties, depth + 1);
    }
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      const list = schema[key];
      if (list) out[key] = list.map((s) => resolve(s, depth + 1));
    }
    return out;
  };
  return resolve;
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  const resolve = resolver(doc);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = (op.parameters ?? []).map(
        (p): ApiParameter => ({
          name: p.name,
          in: p.in === "path" ? "path" : "query",
          required: p.required ?? p.in === "path",
          schema: resolve(p.schema ?? { type: "string" }),
        }),
      );
      for (const p of op.parameters ?? []) {
        if (p.in !== "path" && p.in !== "query")
          throw new Error(`${method} ${path}: ${p.in} parameters are not fuzzed`);
      }
      // Path parameters the document forgot are still parameters of the route.
      for (const name of path.match(/\{[^}]+\}/g) ?? []) {
        const bare = name.slice(1, -1);
        if (!params.some((p) => p.in === "path" && p.name === bare)) {
          params.push({ name: bare, in: "path", required: true, schema: { type: "string" } });
        }
      }
      let body: ApiOperation["body"];
      if (op.requestBody) {
        const contentTypes = Object.keys(op.requestBody.content);
        const json = op.requestBody.content["application/json"]?.schema;
        body = {
          required: op.requestBody.required ?? false,
          contentTypes,
          schema: json ? resolve(json) : {},
        };
      }
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path"),
        queryParams: params.filter((p) => p.in === "query"),
        body,
        statuses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return operations;
}

/** The document the app serves, fetched through the app itself. */
export async function fetchOperations(request: (path: string) => Promise<Response>): Promise<ApiOperation[]> {
  const res = await request("/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return operationsOf((await res.json()) as OpenApiDocument);
}

/** A path with its {params} replaced by already-encoded segments. */
export function fillPath(path: string, segments: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = segments[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return value;
  });
}
