import { createRoute, z } from "@hono/zod-openapi";
import {
  addContactsInputSchema,
  addContactsResultSchema,
  contactAddressesSchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSchema,
  contactUpdateSchema,
  contactZoneCountsSchema,
  duplicateCheckInputSchema,
  duplicateCheckResultSchema,
} from "#shared/contacts/contacts.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createContactsService } from "./contacts.service.ts";

const tags = ["Contacts"];
const campaignParam = z.object({ id: z.string() });

const duplicatesRoute = createRoute({
  method: "post",
  operationId: "findDuplicateContacts",
  path: "/contacts/duplicates",
  tags,
  summary:
    "Earlier campaign sends to these addresses (the user's own campaigns), newest first, and which of them are blocked (address or domain) or suppressed, with the reason",
  request: { body: { required: true, content: json(duplicateCheckInputSchema) } },
  responses: { 200: { description: "Previous sends", content: json(duplicateCheckResultSchema) }, ...errorResponses },
});

const listRoute = createRoute({
  method: "get",
  operationId: "listCampaignContacts",
  path: "/campaigns/{id}/contacts",
  tags,
  summary: "A page of a campaign's contacts, newest first, searchable by email, name and company",
  request: { params: campaignParam, query: contactListQuerySchema },
  responses: {
    200: { description: "Contacts", content: json(contactPageSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const addressesRoute = createRoute({
  method: "get",
  operationId: "listCampaignContactAddresses",
  path: "/campaigns/{id}/contacts/addresses",
  tags,
  summary: "Every contact's id and address, oldest first (to verify the whole list before launch)",
  request: { params: campaignParam },
  responses: {
    200: { description: "Contact addresses", content: json(contactAddressesSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const addRoute = createRoute({
  method: "post",
  operationId: "addCampaignContacts",
  path: "/campaigns/{id}/contacts",
  tags,
  summary: "Add contacts; addresses already in the campaign are skipped",
  request: { params: campaignParam, body: { required: true, content: json(addContactsInputSchema) } },
  responses: {
    200: { description: "How many were added", content: json(addContactsResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const removeRoute = createRoute({
  method: "delete",
  operationId: "removeCampaignContact",
  path: "/campaigns/{id}/contacts/{contactId}",
  tags,
  summary:
    "Remove a contact from the campaign: its queued emails go, the emails it was sent stay (counted, listed under its address)",
  request: { params: z.object({ id: z.string(), contactId: z.string() }) },
  responses: { 204: { description: "Removed" }, ...errorResponses, ...notFoundResponse },
});

const contactParams = z.object({ id: z.string(), contactId: z.string() });

const updateRoute = createRoute({
  method: "patch",
  operationId: "updateCampaignContact",
  path: "/campaigns/{id}/contacts/{contactId}",
  tags,
  summary: "Change a contact's time zone (null: the user's sending timezone applies)",
  request: { params: contactParams, body: { required: true, content: json(contactUpdateSchema) } },
  responses: {
    200: { description: "The contact as stored", content: json(contactSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const zoneCountsRoute = createRoute({
  method: "get",
  operationId: "countCampaignContactTimeZones",
  path: "/campaigns/{id}/contacts/time-zones",
  tags,
  summary: "How many of the campaign's contacts are in each time zone (null: the user's zone)",
  request: { params: campaignParam },
  responses: {
    200: { description: "Contacts per zone, largest first", content: json(contactZoneCountsSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function contactRoutes(deps: FeatureDeps) {
  const service = createContactsService(deps.db, deps.now);
  return createRouter()
    .openapi(duplicatesRoute, async (c) =>
      c.json(await service.detect(c.get("user").id, c.req.valid("json").emails), 200),
    )
    .openapi(listRoute, async (c) =>
      c.json(await service.list(c.get("user").id, c.req.valid("param").id, c.req.valid("query")), 200),
    )
    .openapi(addressesRoute, async (c) =>
      c.json({ contacts: await service.addresses(c.get("user").id, c.req.valid("param").id) }, 200),
    )
    .openapi(zoneCountsRoute, async (c) =>
      c.json(await service.zoneCounts(c.get("user").id, c.req.valid("param").id), 200),
    )
    .openapi(updateRoute, async (c) => {
      const { id, contactId } = c.req.valid("param");
      return c.json(await service.update(c.get("user").id, id, contactId, c.req.valid("json")), 200);
    })
    .openapi(addRoute, async (c) =>
      c.json(await service.add(c.get("user").id, c.req.valid("param").id, c.req.valid("json").contacts), 200),
    )
    .openapi(removeRoute, async (c) => {
      const { id, contactId } = c.req.valid("param");
      await service.remove(c.get("user").id, id, contactId);
      return c.body(null, 204);
    });
}
