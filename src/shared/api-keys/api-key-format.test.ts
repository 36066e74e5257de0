import { describe, expect, it } from "vitest";
import { API_KEY_PREFIX, bearerCredential, isApiKeyFormat, shownPrefixOf } from "./api-key-format.ts";

const key = `${API_KEY_PREFIX}${"AbC1".padEnd(43, "x")}`;

describe("API key format", () => {
  it("accepts the prefix and 43 base64url characters, nothing else", () => {
    expect(isApiKeyFormat(key)).toBe(true);
    expect(isApiKeyFormat(`${API_KEY_PREFIX}${"-_aZ09".padEnd(43, "Q")}`)).toBe(true);
    expect(isApiKeyFormat(key.slice(0, -1))).toBe(false);
    expect(isApiKeyFormat(`${key}x`)).toBe(false);
    expect(isApiKeyFormat(key.replace("crk_live_", "crk_test_"))).toBe(false);
    expect(isApiKeyFormat(`${key.slice(0, -1)}=`)).toBe(false);
    expect(isApiKeyFormat(`${key.slice(0, -1)}+`)).toBe(false);
    expect(isApiKeyFormat("")).toBe(false);
  });

  it("shows the prefix and the secret's first four characters", () => {
    expect(shownPrefixOf(key)).toBe("crk_live_AbC1");
  });
});

describe("bearer credential", () => {
  it("reads a bearer token, whatever the scheme's case", () => {
    expect(bearerCredential(`Bearer ${key}`)).toEqual({ kind: "bearer", token: key });
    expect(bearerCredential(`bearer  ${key}`)).toEqual({ kind: "bearer", token: key });
    expect(bearerCredential(`BEARER ${key} `)).toEqual({ kind: "bearer", token: key });
  });

  it("takes whatever follows Bearer as the token, so a broken key is judged (and refused), not ignored", () => {
    expect(bearerCredential("Bearer")).toEqual({ kind: "bearer", token: "" });
    expect(bearerCredential("Bearer a b")).toEqual({ kind: "bearer", token: "a b" });
    expect(bearerCredential("Bearerx")).toEqual({ kind: "other" });
  });

  it("tells no header from another scheme", () => {
    expect(bearerCredential(undefined)).toEqual({ kind: "none" });
    expect(bearerCredential("  ")).toEqual({ kind: "none" });
    expect(bearerCredential("Basic dXNlcjpwYXNz")).toEqual({ kind: "other" });
    expect(bearerCredential(key)).toEqual({ kind: "other" });
  });
});
