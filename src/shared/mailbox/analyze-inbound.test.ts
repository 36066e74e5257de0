import { describe, expect, it } from "vitest";
import { analyzeInbound } from "./analyze-inbound.ts";
import { bounceCorpus, replyCorpus } from "./fixtures/load-fixtures.ts";

describe("analyzeInbound on the reply corpus", () => {
  it("has at least 80 replies in each of the eight languages", () => {
    expect(replyCorpus.length).toBeGreaterThanOrEqual(80);
    const languages = new Set(replyCorpus.map((entry) => entry.lang));
    expect([...languages].sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt", "zh"]);
  });

  it.each(replyCorpus.map((entry) => [`${entry.lang}: ${entry.name}`, entry] as const))("%s", (_name, entry) => {
    const analysis = analyzeInbound(entry.message);
    expect({ kind: analysis.kind, replyClass: analysis.replyClass }, analysis.classRule).toEqual({
      kind: entry.expected.kind,
      replyClass: entry.expected.replyClass,
    });
    if (entry.expected.stopsSequence !== undefined) expect(analysis.stopsSequence).toBe(entry.expected.stopsSequence);
    expect(analysis.classRule).not.toBe("");
    expect(analysis.bounce).toBeNull();
  });
});

describe("analyzeInbound on the bounce corpus", () => {
  it.each(bounceCorpus.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    const analysis = analyzeInbound(entry.message);
    if (entry.expected.outcome === "failed") {
      expect(analysis).toMatchObject({ kind: "bounce", replyClass: "bounce", stopsSequence: false });
      expect(analysis.bounce).toMatchObject(entry.expected.report);
      expect(analysis.classRule).toMatch(entry.expected.rule);
      // The inbox shows the server's notice, not the copy of our message it returns.
      expect(analysis.content).not.toContain("Unsubscribe: https://");
    } else if (entry.expected.outcome === "notice") {
      expect(analysis).toMatchObject({ kind: "auto_reply", replyClass: "other", bounce: null, stopsSequence: false });
      expect(analysis.classRule).toContain("not a failure");
    } else {
      expect(analysis.kind).not.toBe("bounce");
      expect(analysis.bounce).toBeNull();
    }
  });
});
