import { describe, expect, it } from "vitest";
import { trackingBaseUrl } from "./tracking-base-url.ts";

const hosts = [{ domain: "acme.test", host: "track.acme.test" }];

describe("trackingBaseUrl", () => {
  it("is the sender domain's tracking host, with PUBLIC_URL's scheme, port and path", () => {
    expect(trackingBaseUrl("https://app.coldreach.test", "Jane@ACME.test", hosts)).toBe("https://track.acme.test");
    expect(trackingBaseUrl("http://localhost:3000", "jane@acme.test", hosts)).toBe("http://track.acme.test:3000");
    expect(trackingBaseUrl("https://example.org/coldreach", "jane@acme.test", hosts)).toBe(
      "https://track.acme.test/coldreach",
    );
  });

  it("is the public URL for a domain without a host in use", () => {
    expect(trackingBaseUrl("https://app.coldreach.test", "jane@other.test", hosts)).toBe("https://app.coldreach.test");
    expect(trackingBaseUrl("https://app.coldreach.test", "jane@sub.acme.test", hosts)).toBe(
      "https://app.coldreach.test",
    );
    expect(trackingBaseUrl("https://app.coldreach.test", "jane@acme.test", [])).toBe("https://app.coldreach.test");
  });
});
