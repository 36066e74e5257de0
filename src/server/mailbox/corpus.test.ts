// The mailbox rules (#shared/mailbox) on the corpora of fixtures/: every reply
// and bounce, parsed by the server's parser as the sync parses mail, must get
// the verdict its .json names. No database: pure rules on parsed messages.
import { describe, expect, it } from "vitest";
import { failureReasons } from "#shared/db-enums.ts";
import { analyzeInbound } from "#shared/mailbox/analyze-inbound.ts";
import { bounceHeadersOf, detectBounce, mayBeBounce, noticeText } from "#shared/mailbox/bounce-report.ts";
import { bounceCorpus, replyCorpus } from "./fixtures/load-fixtures.ts";

describe("the bounce corpus", () => {
  it("covers at least 30 kinds of mail servers and services", () => {
    const servers = new Set(bounceCorpus.filter((e) => e.expected.outcome !== "none").map((e) => e.server));
    expect(servers.size).toBeGreaterThanOrEqual(30);
  });

  it("has every reason a failure can carry, but the sender's login (a send-time failure only)", () => {
    const reasons = new Set(
      bounceCorpus.flatMap((e) => (e.expected.outcome === "failed" ? [e.expected.report.reason] : [])),
    );
    const missing = failureReasons.filter((r) => !reasons.has(r) && r !== "sender_login" && r !== "network");
    expect(missing).toEqual([]);
  });
});

describe("detectBounce on the bounce corpus", () => {
  it.each(bounceCorpus.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    const detection = detectBounce(entry.message);
    // The mailbox sync fetches what mayBeBounce accepts: every bounce and notice among them.
    if (detection) expect(mayBeBounce(bounceHeadersOf(entry.message))).toBe(true);
    const { expected } = entry;
    if (expected.outcome === "none") {
      expect(detection).toBeNull();
      return;
    }
    expect(detection?.outcome).toBe(expected.outcome);
    if (expected.outcome === "failed" && detection?.outcome === "failed") {
      expect(detection.report).toMatchObject(expected.report);
      expect(detection.rule).toMatch(expected.rule);
    }
  });
});

describe("noticeText", () => {
  it("is the bounce's own text without the returned copy", () => {
    const qmail = bounceCorpus.find((entry) => entry.name === "qmail: Remote host said")!;
    const text = noticeText(qmail.message);
    expect(text).toContain("Remote host said: 550 5.1.1");
    expect(text).not.toContain("Message-ID");
    expect(text).not.toContain("Unsubscribe");
  });
});

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
