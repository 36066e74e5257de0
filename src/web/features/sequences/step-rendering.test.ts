import { describe, expect, it } from "vitest";
import { mergeContextFromContact } from "#shared/sequences/merge-tags.ts";
import { emptyDraftStep } from "#shared/sequences/sequence-draft.ts";
import { describeStepTiming, previewContactLabel, renderStepPreview } from "./step-rendering.ts";

const step = (patch: Partial<ReturnType<typeof emptyDraftStep>>) => ({ ...emptyDraftStep("s"), ...patch });

describe("renderStepPreview", () => {
  it("fills tags for the contact and shows [tagName] for missing values", () => {
    const context = mergeContextFromContact({ email: "a@b.test", firstName: "Ann", lastName: null, company: "<A&B>" });
    expect(
      renderStepPreview(
        step({ subject: "Hi {{firstName}} {{lastName}}", body: "<p>{{company}}</p>", bodyFormat: "html" }),
        context,
      ),
    ).toEqual({ subject: "Hi Ann [lastName]", body: "<p>&lt;A&amp;B&gt;</p>", bodyFormat: "html" });
  });
});

describe("describeStepTiming", () => {
  it("describes launch, delays and fixed dates", () => {
    expect(describeStepTiming(step({ delay: 3 }), 0)).toBe("Sent when the campaign launches");
    expect(describeStepTiming(step({ delay: 1, delayUnit: "days" }), 1)).toBe("Sent 1 day after the previous email");
    expect(describeStepTiming(step({ delay: 5, delayUnit: "hours" }), 1)).toBe("Sent 5 hours after the previous email");
    expect(describeStepTiming(step({ delay: 0 }), 2)).toBe("Sent right after the previous email");
    expect(describeStepTiming(step({ scheduledDate: "2030-01-05", scheduledTime: null }), 1)).toBe(
      "Sent on Jan 5, 2030 at 09:00",
    );
  });
});

describe("previewContactLabel", () => {
  it("shows the name and address", () => {
    expect(previewContactLabel({ email: "a@b.test", firstName: "Ann", lastName: "Lee", company: null })).toBe(
      "Ann Lee (a@b.test)",
    );
    expect(previewContactLabel({ email: "a@b.test", firstName: null, lastName: null, company: null })).toBe("a@b.test");
  });
});
