import { describe, expect, it } from "vitest";
import { webhookEventTypes } from "../db-enums.ts";
import {
  webhookBodySchema,
  webhookEventDataSchemas,
  webhookEventDescriptions,
  webhookEventExamples,
} from "./webhook-events.schemas.ts";

describe("webhook event payloads", () => {
  it.each(webhookEventTypes)("%s has a schema, a description and an example that fits it", (type) => {
    expect(webhookEventDescriptions[type]).toBeTruthy();
    const body = { type, timestamp: "2026-03-02T14:05:09.000Z", data: webhookEventExamples[type] };
    expect(webhookBodySchema(type).parse(body)).toEqual(body);
  });
  it("refuses data missing a field", () => {
    const { sendId: _, ...withoutId } = webhookEventExamples["email.sent"];
    expect(webhookEventDataSchemas["email.sent"].safeParse(withoutId).success).toBe(false);
  });
  it("accepts PostgreSQL's JSON timestamps (+00:00)", () => {
    const data = { ...webhookEventExamples["email.opened"], openedAt: "2026-03-02T14:05:09.123456+00:00" };
    expect(webhookEventDataSchemas["email.opened"].safeParse(data).success).toBe(true);
  });
});
