import { describe, expect, it } from "vitest";
import { reviewIssues } from "./review-issues.ts";

const ready = { name: "Launch", senderCount: 1, contactCount: 3, steps: [{ subject: "Hi", body: "Hello" }] };

describe("reviewIssues", () => {
  it("is empty when everything is there", () => {
    expect(reviewIssues(ready)).toEqual([]);
  });
  it("lists every missing part with the spec's messages, in order", () => {
    expect(reviewIssues({ name: " ", senderCount: 0, contactCount: 0, steps: [] })).toEqual([
      "Campaign name is required",
      "At least one sender account is required",
      "Contact list is required",
      "Email sequence is required",
    ]);
  });
  it("requires a subject and a non-empty body on every step (empty rich text counts as empty)", () => {
    expect(
      reviewIssues({
        ...ready,
        steps: [
          { subject: "Hi", body: "x" },
          { subject: "", body: "y" },
        ],
      }),
    ).toEqual(["All email steps must have subject and body"]);
    expect(reviewIssues({ ...ready, steps: [{ subject: "Hi", body: "<p></p><p>&nbsp;</p>" }] })).toEqual([
      "All email steps must have subject and body",
    ]);
    expect(
      reviewIssues({ ...ready, steps: [{ subject: "Hi", body: '<p><img src="data:image/png;base64,x"></p>' }] }),
    ).toEqual([]);
  });
  it("lists each step whose message is too large, with its size and the limit", () => {
    const image = `data:image/png;base64,${"A".repeat(10_800_000)}`;
    expect(
      reviewIssues({
        ...ready,
        steps: [
          { subject: "Hi", body: "Hello" },
          { subject: "Again", body: `<p><img src="${image}"></p>` },
        ],
      }),
    ).toEqual(["Step 2's message is 8.2 MB; a step can be at most 7 MB with its images."]);
  });
  it("treats a damaged step (not text) as missing, without throwing", () => {
    expect(reviewIssues({ ...ready, steps: [{ subject: 42, body: null }] })).toEqual([
      "All email steps must have subject and body",
    ]);
  });

  it("names senders without a sending connection", () => {
    expect(reviewIssues({ ...ready, sendersWithoutConnection: ["a@x.io"] })).toEqual([
      "No sending connection for a@x.io: set it up in Senders",
    ]);
  });

  it("names each step using {{bookingLink}} while the campaign has no scheduling link", () => {
    const steps = [
      { subject: "Hi", body: "Hello" },
      { subject: "Again", body: "<p>Pick a time: {{ bookingLink }}</p>" },
      { subject: "{{booking_link}}", body: "Last one" },
    ];
    expect(reviewIssues({ ...ready, steps })).toEqual([
      "Step 2 uses {{bookingLink}} but the campaign has no scheduling link",
      "Step 3 uses {{bookingLink}} but the campaign has no scheduling link",
    ]);
    expect(reviewIssues({ ...ready, steps, hasBookingLink: true })).toEqual([]);
  });
  it("lists spintax problems and unknown merge tags with the step, as the launch refuses them", () => {
    expect(
      reviewIssues({
        ...ready,
        columns: ["job_title"],
        steps: [
          { subject: "{Hi|Hello} {{job_title}}", body: "<p>{x|</p>", bodyFormat: "html" },
          { subject: "Re", body: "Hi {{frist_name}} {{website}}" },
        ],
      }),
    ).toEqual([
      'Step 1 body: Unclosed spintax choice: "{" at position 1 has no "}"',
      "Step 2 uses an unknown merge tag {{frist_name}}. Did you mean {{first_name}}?",
      "Step 2 uses an unknown merge tag {{website}}",
    ]);
  });
  it("checks every variant's subject and own body too, naming the variant", () => {
    const steps = [
      { subject: "Hi", body: "Hello" },
      {
        subject: "Re",
        body: "Hello",
        variants: [
          { subject: "{Hi||Hey} {{frist_name}}", body: null },
          { subject: "Fine", body: "Book: {{bookingLink}} {{website}}" },
        ],
      },
    ];
    expect(reviewIssues({ ...ready, columns: [], steps })).toEqual([
      "Step 2, variant B subject: Empty choice in {Hi||Hey} at position 1",
      "Step 2, variant B uses an unknown merge tag {{frist_name}}. Did you mean {{first_name}}?",
      "Step 2, variant C uses an unknown merge tag {{website}}",
      "Step 2 uses {{bookingLink}} but the campaign has no scheduling link",
    ]);
  });
  it("lists automatic-winner settings the API would refuse, as typed", () => {
    expect(reviewIssues({ ...ready, abSettings: { autoWinner: true, minSends: "50", confidence: "95" } })).toEqual([]);
    expect(reviewIssues({ ...ready, abSettings: { autoWinner: false, minSends: "", confidence: "100" } })).toEqual([
      "Minimum sends must be at least 1",
      "Confidence must be between 80% and 99%",
    ]);
  });
});
