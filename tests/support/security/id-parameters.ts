// Which parameters of a route name one of the user's objects, and which kind
// of object. The tenant matrix puts another user's object of that kind there;
// the fuzzer puts the user's own (so requests reach the services) or junk.
// A parameter that names an object of a kind not listed here is reported by
// the tenant matrix as uncovered: add its kind below and a fixture for it in
// tenant-data.ts.
import type { ApiOperation, JsonSchema } from "./api-operations.ts";
import type { IdKind } from "./tenant-data.ts";

export type IdLocation = "path" | "query" | "body";

export type IdParameter = {
  in: IdLocation;
  /** The parameter name, or the property path in the body ("senderAccounts[].id"). */
  name: string;
  /** Property names from the body's root to the id (arrays as "[]"). */
  bodyPath?: string[];
  kind?: IdKind;
  /** Whether the request must carry it (path parameters and required query parameters). */
  required: boolean;
  /** Why this route may show any user's object of this kind (by design), when it may. */
  exempt?: string;
};

/** /api/<collection>/{id}: the collection names the kind. */
const COLLECTION_KINDS: Record<string, IdKind> = {
  campaigns: "campaign",
  senders: "sender",
  templates: "template",
  contacts: "contact",
  sends: "send",
  emails: "send",
  /** /api/failed-sends/{id}/retry: a send record (the Failed emails row). */
  "failed-sends": "send",
  outbox: "capturedMessage",
  "unknown-sends": "unknownSend",
  spam: "spamEmail",
  replies: "reply",
  "scheduling-links": "schedulingLink",
  "dkim-keys": "dkimKey",
  /** /api/account/sessions/{id}: one of the user's signed-in sessions. */
  sessions: "session",
  /** /api/block-list/{id}: one of the user's blocks. */
  "block-list": "blockEntry",
  /** /api/api-keys/{id}: one of the user's API keys. */
  "api-keys": "apiKey",
  /** /api/block-list/suppressions/{id}: an address on the user's suppression list. */
  suppressions: "suppression",
  /** /api/webhooks/{id}: one of the user's webhook endpoints. */
  webhooks: "webhookEndpoint",
};

/** Parameters and body properties named after their kind. */
const NAMED_KINDS: Record<string, IdKind> = {
  campaignId: "campaign",
  senderId: "sender",
  savedSenderId: "sender",
  templateId: "template",
  contactId: "contact",
  sendId: "send",
  /** /api/domain-health/{domain}: a domain of one of the user's senders. */
  domain: "senderDomain",
  /** /api/public/schedule/{linkCode}: a scheduling link's public code. */
  linkCode: "linkCode",
  /** /api/public/meetings/{token}: the signed token of a booked meeting's cancel link. */
  token: "meetingToken",
  /** /api/campaigns/launched/{launchKey}: the key of a campaign stored and launched in one request. */
  launchKey: "launchKey",
  /** A campaign's scheduling link for {{bookingLink}}. */
  bookingLinkId: "schedulingLink",
  /** /api/calendar/meetings/{meetingId}/...: a meeting booked on one of the user's links. */
  meetingId: "meeting",
  /** /api/campaigns/{id}/steps/{stepId}/winner: a step of one of the user's campaigns. */
  stepId: "step",
  /** /api/webhooks/{id}/deliveries/{deliveryId}/resend: a delivery in one of the user's endpoints' logs. */
  deliveryId: "webhookDelivery",
};

/** Body properties called `id`, by the array or object that holds them. */
const NESTED_ID_KINDS: Record<string, IdKind> = {
  senderAccounts: "campaignSender",
};

/**
 * Path parameters whose kind their route decides: an attachment's index is a
 * position within a captured message, one that has attachments.
 */
const ROUTE_PATH_KINDS: Record<string, Record<string, IdKind>> = {
  "/api/outbox/{id}/attachments/{index}": { id: "capturedMessageWithAttachment", index: "attachmentIndex" },
};

const OPEN_OUTBOX =
  "capture mode's outbox is open without sign-in and shared by every account (outbox.routes.ts; loopback only)";

const PUBLIC_BOOKING =
  "the public booking page needs no sign-in: the link's code or the meeting's signed token in the URL is the credential, and the answers carry none of the owner's data (public-booking.routes.ts)";

/** Routes that are open to anyone who reaches the server, on purpose. */
const EXEMPT_PATHS: Record<string, string> = {
  "/api/outbox/{id}": OPEN_OUTBOX,
  "/api/outbox/{id}/attachments/{index}": OPEN_OUTBOX,
  "/api/outbox/{id}/raw": OPEN_OUTBOX,
  "/api/public/schedule/{linkCode}": PUBLIC_BOOKING,
  "/api/public/schedule/{linkCode}/slots": PUBLIC_BOOKING,
  "/api/public/schedule/{linkCode}/meetings": PUBLIC_BOOKING,
  "/api/public/meetings/{token}": PUBLIC_BOOKING,
  "/api/public/meetings/{token}/cancel": PUBLIC_BOOKING,
};

const isIdName = (name: string) => name === "id" || /[a-z]Ids?$/.test(name);

function pathParamKind(op: ApiOperation, name: string): IdKind | undefined {
  // /api/leads/{email}/status: a lead is one of the user's contacts' addresses.
  if (name === "email") return emailKind(op);
  if (name !== "id") return NAMED_KINDS[name];
  const segments = op.path.split("/");
  const at = segments.indexOf("{id}");
  const collection = at > 0 ? segments[at - 1] : undefined;
  return collection ? COLLECTION_KINDS[collection] : undefined;
}

/** An address names a sender on the senders' routes, the recipient of direct sends in the inbox, a contact elsewhere. */
function emailKind(op: ApiOperation): IdKind {
  if (op.path.startsWith("/api/senders") || op.path.startsWith("/api/sender-pacing")) return "senderEmail";
  return op.path.startsWith("/api/inbox") ? "recipientEmail" : "contactEmail";
}

function bodyIds(schema: JsonSchema, path: string[], parent: string | undefined, out: IdParameter[]): void {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const here = [...path, name];
    if (isIdName(name)) {
      const kind = name === "id" && parent ? NESTED_ID_KINDS[parent] : NAMED_KINDS[name];
      out.push({ in: "body", name: here.join(".").replaceAll(".[]", "[]"), bodyPath: here, kind, required: false });
    }
    bodyIds(property, here, name, out);
    if (property.items) bodyIds(property.items, [...here, "[]"], name, out);
    for (const branch of [...(property.anyOf ?? []), ...(property.oneOf ?? [])]) bodyIds(branch, here, name, out);
  }
}

/** The parameters of a route that name an object: every path parameter, ids and addresses in the query, ids in the body. */
export function idParameters(op: ApiOperation): IdParameter[] {
  const exempt = EXEMPT_PATHS[op.path];
  const out: IdParameter[] = op.pathParams.map((p) => ({
    in: "path",
    name: p.name,
    kind: ROUTE_PATH_KINDS[op.path]?.[p.name] ?? pathParamKind(op, p.name),
    required: true,
    exempt,
  }));
  for (const p of op.queryParams) {
    const kind = p.name === "email" ? emailKind(op) : NAMED_KINDS[p.name];
    if (p.name === "email" || isIdName(p.name))
      out.push({ in: "query", name: p.name, kind, required: p.required, exempt });
  }
  if (op.body) bodyIds(op.body.schema, [], undefined, out);
  return out;
}
