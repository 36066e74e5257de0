import { createRoute } from "@hono/zod-openapi";
import {
  BULK_VERIFY_LIMIT,
  verificationListSchema,
  verificationSchema,
  verificationStatsSchema,
  verifyBulkRequestSchema,
  verifyCsvResponseSchema,
  verifyOneRequestSchema,
} from "#shared/verification/verification.schemas.ts";
import { verificationMessages } from "#shared/verification/verification-messages.ts";
import { AppError } from "../../errors.ts";
import { createRouter, errorResponses, json } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createVerificationService } from "./verification.service.ts";

const tags = ["Verification"];

const checks =
  "Checks in order: syntax, typo suggestion, disposable domain, role account, DNS (MX, else A/AAAA; a null MX or no mail host is invalid; a DNS failure is unknown) and, with VERIFY_SMTP_PROBE=on, the mail server's answer to RCPT TO (never DATA; catch-all when a random address is accepted too).";

const verifyRoute = createRoute({
  method: "post",
  operationId: "verifyEmail",
  path: "/verify",
  tags,
  summary: "Verify one address and keep the result",
  description: checks,
  request: { body: { content: json(verifyOneRequestSchema), required: true } },
  responses: { 200: { description: "The result", content: json(verificationSchema) }, ...errorResponses },
});

const bulkRoute = createRoute({
  method: "post",
  operationId: "verifyEmails",
  path: "/bulk",
  tags,
  summary: `Verify up to ${BULK_VERIFY_LIMIT} addresses`,
  description: `Entries without @ are dropped first; none left: '${verificationMessages.enterValidEmails}'; more than ${BULK_VERIFY_LIMIT}: '${verificationMessages.bulkLimit}'. ${checks}`,
  request: { body: { content: json(verifyBulkRequestSchema), required: true } },
  responses: {
    200: { description: "Results, in input order", content: json(verificationListSchema) },
    ...errorResponses,
  },
});

const csvRoute = createRoute({
  method: "post",
  operationId: "verifyCsv",
  path: "/csv",
  tags,
  summary: "Upload a .csv and verify its addresses",
  description: `multipart/form-data with a "file" field: a .csv under 10 MB. Kept at {DATA_DIR}/uploads/csv-uploads/{userId}/{timestamp}-{name}. The addresses are the "email" column's, or every cell with an @ when there is none; then verified as a bulk list (at most ${BULK_VERIFY_LIMIT}).`,
  responses: { 200: { description: "Results", content: json(verifyCsvResponseSchema) }, ...errorResponses },
});

const listRoute = createRoute({
  method: "get",
  operationId: "listVerificationResults",
  path: "/",
  tags,
  summary: "The last 100 results, newest first",
  responses: { 200: { description: "Results", content: json(verificationListSchema) }, ...errorResponses },
});

const statsRoute = createRoute({
  method: "get",
  operationId: "getVerificationStats",
  path: "/stats",
  tags,
  summary: "The stats cards and the deliverability rate",
  responses: { 200: { description: "Figures", content: json(verificationStatsSchema) }, ...errorResponses },
});

export function verificationRoutes(deps: FeatureDeps) {
  const service = createVerificationService(deps);
  return createRouter()
    .openapi(verifyRoute, async (c) => {
      const { email } = c.req.valid("json");
      const [result] = await service.verify(c.get("user").id, [email]);
      if (!result) throw new Error("verification returned no result");
      return c.json(result, 200);
    })
    .openapi(bulkRoute, async (c) =>
      c.json({ results: await service.verifyBulk(c.get("user").id, c.req.valid("json").emails) }, 200),
    )
    .openapi(csvRoute, async (c) => {
      const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = body.file;
      if (!(file instanceof File)) throw new AppError("bad_request", verificationMessages.uploadFailed);
      const upload = { name: file.name, size: file.size, bytes: () => file.arrayBuffer() };
      return c.json(await service.verifyCsv(c.get("user").id, upload), 200);
    })
    .openapi(listRoute, async (c) => c.json({ results: await service.latest(c.get("user").id) }, 200))
    .openapi(statsRoute, async (c) => c.json(await service.stats(c.get("user").id), 200));
}
