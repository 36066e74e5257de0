import { describe, expect, it } from "vitest";
import { chooseContentCoding } from "./content-encoding.ts";

const all = ["br", "gzip", "identity"] as const;

describe("chooseContentCoding", () => {
  it("prefers Brotli, then gzip, when both are accepted equally", () => {
    expect(chooseContentCoding("gzip, deflate, br, zstd", all)).toBe("br");
    expect(chooseContentCoding("gzip, deflate", all)).toBe("gzip");
  });

  it("sends the original without an Accept-Encoding header", () => {
    expect(chooseContentCoding(undefined, all)).toBe("identity");
    expect(chooseContentCoding("", all)).toBe("identity");
  });

  it("respects q-values, including a refusal with q=0", () => {
    expect(chooseContentCoding("br;q=0.5, gzip", all)).toBe("gzip");
    expect(chooseContentCoding("br;q=0, gzip;q=0.1", all)).toBe("gzip");
    expect(chooseContentCoding("br;q=0.5, identity", all)).toBe("identity");
    expect(chooseContentCoding("gzip;q=0", all)).toBe("identity");
  });

  it("reads the wildcard for codings the header does not name", () => {
    expect(chooseContentCoding("*", all)).toBe("br");
    expect(chooseContentCoding("br;q=0, *;q=0.8", all)).toBe("gzip");
  });

  it("chooses only among the copies that exist", () => {
    expect(chooseContentCoding("br, gzip", ["gzip", "identity"])).toBe("gzip");
    expect(chooseContentCoding("br", ["identity"])).toBe("identity");
  });

  it("falls back to the original when every coding is refused", () => {
    expect(chooseContentCoding("identity;q=0, *;q=0", all)).toBe("identity");
    expect(chooseContentCoding("identity;q=0", ["identity"])).toBe("identity");
  });
});
