import { describe, expect, it } from "vitest";
import { signToken, trackingUrls, verifyToken } from "./tokens.ts";

const secret = "s".repeat(40);
const id = "6f1c2b2e-8a3d-4c1e-9f0a-1b2c3d4e5f60";

describe("tracking tokens", () => {
  it("round-trips and binds the kind", () => {
    const token = signToken(secret, "open", id);
    expect(verifyToken(secret, "open", token)).toBe(id);
    expect(verifyToken(secret, "unsubscribe", token)).toBeNull();
  });
  it("rejects forged, truncated and foreign tokens", () => {
    const token = signToken(secret, "open", id);
    expect(verifyToken(secret, "open", `${id}.AAAAAAAAAAAAAAAAAAAAAA`)).toBeNull();
    expect(verifyToken(secret, "open", token.slice(0, -1))).toBeNull();
    expect(verifyToken("t".repeat(40), "open", token)).toBeNull();
    expect(verifyToken(secret, "open", "garbage")).toBeNull();
  });
  it("builds the public URLs", () => {
    const urls = trackingUrls("https://app.example.com", secret, id);
    expect(urls.openPixel).toMatch(new RegExp(`^https://app.example.com/t/o/${id}\\.[\\w-]{22}\\.gif$`));
    expect(urls.unsubscribe).toMatch(new RegExp(`^https://app.example.com/u/${id}\\.[\\w-]{22}$`));
  });
});
