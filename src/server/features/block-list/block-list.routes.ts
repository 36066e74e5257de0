// /api/block-list: the user's blocked addresses and domains with the
// suppression list beside them (docs/product.md §20). Thin handlers; the
// service scopes everything to the user.
import { createRoute, z } from "@hono/zod-openapi";
import {
  addBlocksInputSchema,
  blockListFileName,
  blockListPageSchema,
  blockListQuerySchema,
  blockReportSchema,
  importBlocksInputSchema,
} from "#shared/block-list/block-list.schemas.ts";
import { MAX_BLOCK_ENTRIES, MAX_IMPORT_CHARACTERS } from "#shared/block-list/block-list-input.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createBlockListService } from "./block-list.service.ts";

const tags = ["Block list"];
const idParam = z.object({ id: z.string().max(100) });
const MATCHING =
  "An address blocks that address (case-insensitively); a domain (`example.com`, `@example.com` or `*@example.com`) blocks every address at it and at its subdomains. Domains are stored in their ASCII (punycode) form.";

const listRoute = createRoute({
  method: "get",
  operationId: "listBlocks",
  path: "/",
  tags,
  summary: "A page of your blocked addresses and domains and your suppression list, newest first, searchable",
  description:
    "Each item says why it is there: blocked by you, imported, or (from the suppression list) unsubscribed, hard bounce, complaint, added by hand; and whether you may remove it.",
  request: { query: blockListQuerySchema },
  responses: { 200: { description: "The list", content: json(blockListPageSchema) }, ...errorResponses },
});

const addRoute = createRoute({
  method: "post",
  operationId: "addBlocks",
  path: "/",
  tags,
  summary: `Block addresses or domains (at most ${MAX_BLOCK_ENTRIES.toLocaleString("en-US")} a request)`,
  description: `${MATCHING} The answer lists what was added and what was skipped and why, by position (from 1): empty, invalid address, invalid domain, duplicate, already blocked. Launch leaves blocked contacts out, and a contact blocked after launch is skipped when its step comes due.`,
  request: { body: { required: true, content: json(addBlocksInputSchema) } },
  responses: {
    200: { description: "What was added and skipped", content: json(blockReportSchema) },
    ...errorResponses,
  },
});

const importRoute = createRoute({
  method: "post",
  operationId: "importBlocks",
  path: "/import",
  tags,
  summary: "Block the addresses and domains of a CSV file's text, one a line",
  description: `The first column of each line is read (quoted as in CSV); line 1 is a header when it is neither an address nor a domain and holds no @ or dot. At most ${MAX_IMPORT_CHARACTERS.toLocaleString("en-US")} characters and ${MAX_BLOCK_ENTRIES.toLocaleString("en-US")} lines. ${MATCHING} The answer lists what was added and what was skipped and why, by line.`,
  request: { body: { required: true, content: json(importBlocksInputSchema) } },
  responses: {
    200: { description: "What was added and skipped", content: json(blockReportSchema) },
    ...errorResponses,
  },
});

const exportRoute = createRoute({
  method: "get",
  operationId: "exportBlocks",
  path: "/export",
  tags,
  summary:
    "Every block and suppression as CSV: address or domain, type, reason, date added (RFC 4180, UTF-8 with BOM; text starting with = + - @ is prefixed with ')",
  responses: {
    200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const removeRoute = createRoute({
  method: "delete",
  operationId: "removeBlock",
  path: "/{id}",
  tags,
  summary: "Remove one of your blocks",
  request: { params: idParam },
  responses: { 204: { description: "Removed" }, ...errorResponses, ...notFoundResponse },
});

const removeSuppressionRoute = createRoute({
  method: "delete",
  operationId: "removeSuppression",
  path: "/suppressions/{id}",
  tags,
  summary: "Lift a suppression: a hard bounce or one added by hand (409 for an unsubscribe or a complaint)",
  request: { params: idParam },
  responses: {
    204: { description: "Lifted" },
    ...errorResponses,
    ...notFoundResponse,
    409: { description: "An unsubscribe or a complaint, which stays", content: errorResponses[400].content },
  },
});

export function blockListRoutes(deps: FeatureDeps) {
  const service = createBlockListService(deps.db);
  const now = deps.now ?? (() => new Date());
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await service.list(c.get("user").id, c.req.valid("query")), 200))
    .openapi(addRoute, async (c) => c.json(await service.addTyped(c.get("user").id, c.req.valid("json").entries), 200))
    .openapi(importRoute, async (c) =>
      c.json(await service.importFile(c.get("user").id, c.req.valid("json").text), 200),
    )
    .openapi(exportRoute, async (c) =>
      c.body(await service.csv(c.get("user").id), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${blockListFileName(now())}"`,
        "cache-control": "no-store",
      }),
    )
    .openapi(removeRoute, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(removeSuppressionRoute, async (c) => {
      await service.removeSuppression(c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
