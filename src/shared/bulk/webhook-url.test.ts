import { describe, expect, it } from "vitest";
import { defaultSettings } from "../settings/settings.constants.ts";
import { settingsSchema } from "../settings/settings.schemas.ts";
import { webhookHost, webhookUrlError } from "./webhook-url.ts";

describe("webhookUrlError", () => {
  it("accepts empty and absolute http(s) URLs", () => {
    for (const ok of ["", "  ", "https://hooks.example.com/bulk", "http://n8n.local:5678/webhook/abc?x=1"]) {
      expect(webhookUrlError(ok)).toBeNull();
    }
  });

  it("refuses anything else with one clear message", () => {
    for (const bad of ["hooks.example.com", "ftp://x.test/", "http:host", "https://", "javascript:alert(1)"]) {
      expect(webhookUrlError(bad)).toBe(
        "Enter a full address starting with http:// or https://, or leave the field empty.",
      );
    }
    expect(webhookUrlError(`https://x.test/${"a".repeat(2048)}`)).toBe(
      "The webhook URL is limited to 2,048 characters.",
    );
  });

  it("names the host and port, never credentials or the path", () => {
    expect(webhookHost("https://user:pw@hooks.example.com:8443/a/b?c")).toBe("hooks.example.com:8443");
    expect(webhookHost("nope")).toBeNull();
  });

  it("is the settings schema's rule for automationWebhookUrl (trimmed)", () => {
    const parsed = settingsSchema.safeParse({ ...defaultSettings, automationWebhookUrl: " https://x.test/h " });
    expect(parsed.success && parsed.data.automationWebhookUrl).toBe("https://x.test/h");
    const bad = settingsSchema.safeParse({ ...defaultSettings, automationWebhookUrl: "x.test" });
    expect(bad.success ? null : bad.error.issues[0]?.path).toEqual(["automationWebhookUrl"]);
  });
});
