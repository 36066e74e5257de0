import { describe, expect, it } from "vitest";
import { OPEN_DIGEST_MAX_ROWS } from "#shared/notifications/notification-rules.ts";
import {
  campaignLaunchedEmail,
  type DigestOpen,
  formatWhen,
  openDigestEmail,
  replyNotificationEmail,
} from "./notification-emails.ts";

const at = new Date("2026-11-22T14:04:00Z");
const URL = "https://app.example.com";

describe("formatWhen", () => {
  it("shows the time in the owner's timezone, UTC for a zone Intl does not know", () => {
    expect(formatWhen(at, "Europe/Berlin")).toMatch(/^Nov 22, 2026, 3:04\sPM GMT\+1$/);
    expect(formatWhen(at, "Mars/Olympus")).toMatch(/^Nov 22, 2026, 2:04\sPM UTC$/);
  });
});

describe("campaignLaunchedEmail", () => {
  it("keeps the launch notification's wording", () => {
    const m = campaignLaunchedEmail(
      { to: "me@x.test", campaign: { id: "c1", name: "Q4 <big>" }, launchedAt: at, emailCount: 12, timezone: "UTC" },
      URL,
    );
    expect(m.subject).toBe("Campaign launched: Q4 <big>");
    expect(m.text).toBe(
      `Your campaign "Q4 <big>" was launched on 22 Nov 2026, 14:04 (UTC) with 12 emails scheduled.\n\nOpen it: ${URL}/campaigns/edit/c1\n`,
    );
    expect(m.html).toContain("Q4 &lt;big&gt;");
  });
});

describe("openDigestEmail", () => {
  const open = (i: number): DigestOpen => ({
    toEmail: `p${i}@prospects.test`,
    name: i === 1 ? "Jane <Doe>" : null,
    subject: `Hello ${i}`,
    campaignName: i === 1 ? "Q4" : null,
    openedAt: new Date(at.getTime() + i * 60_000),
  });

  it("lists who opened which email and when, escaped in HTML", () => {
    const m = openDigestEmail({ to: "me@x.test", opens: [open(1), open(2)], total: 2, timezone: "UTC" }, URL);
    expect(m.subject).toBe("2 emails opened");
    expect(m.text).toContain('- Jane <Doe> <p1@prospects.test> opened "Hello 1" (campaign "Q4") on Nov 22, 2026, 2:05');
    expect(m.text).toContain('- p2@prospects.test opened "Hello 2" on Nov 22, 2026, 2:06');
    expect(m.text).not.toContain("more");
    expect(m.html).toContain("Jane &lt;Doe&gt;");
    expect(m.html).not.toContain("<Doe>");
  });

  it("says how many more beyond the rows it lists", () => {
    const opens = Array.from({ length: OPEN_DIGEST_MAX_ROWS }, (_, i) => open(i + 2));
    const m = openDigestEmail({ to: "me@x.test", opens, total: OPEN_DIGEST_MAX_ROWS + 5, timezone: "UTC" }, URL);
    expect(m.subject).toBe(`${OPEN_DIGEST_MAX_ROWS + 5} emails opened`);
    expect(m.text.match(/^- /gm)).toHaveLength(OPEN_DIGEST_MAX_ROWS);
    expect(m.text).toContain("and 5 more opens");
    expect(m.html).toContain("and 5 more opens");
  });
});

describe("replyNotificationEmail", () => {
  it("quotes the reply's text, trimmed and escaped, with the link to it", () => {
    const m = replyNotificationEmail({
      to: "me@x.test",
      fromEmail: "jane@prospects.test",
      fromName: null,
      subject: "Re: Hello",
      campaignName: "Q4",
      repliedAt: at,
      text: "\n  Yes <script>alert(1)</script> please\n\n\n\nThanks  \n",
      timezone: "UTC",
      link: `${URL}/inbox/compose?reply=r1`,
    });
    expect(m.subject).toBe("Reply from jane@prospects.test: Re: Hello");
    expect(m.text).toContain('jane@prospects.test replied to "Re: Hello" (campaign "Q4") on Nov 22, 2026, 2:04');
    expect(m.text).toContain("Yes <script>alert(1)</script> please\n\nThanks\n\nOpen it in Coldreach:");
    expect(m.html).toContain("Yes &lt;script&gt;alert(1)&lt;/script&gt; please");
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain(`href="${URL}/inbox/compose?reply=r1"`);
  });
});
