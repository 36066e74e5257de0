import { describe, expect, it } from "vitest";
import { DKIM_SIGNED_HEADERS, dkimHeaderList } from "./dkim-headers.ts";

describe("dkimHeaderList", () => {
  it("covers both RFC 8058 headers and oversigns From and Subject", () => {
    const list = dkimHeaderList([
      "From",
      "To",
      "Subject",
      "Date",
      "Message-ID",
      "MIME-Version",
      "Content-Type",
      "List-Unsubscribe",
      "List-Unsubscribe-Post",
      "X-Mailer",
    ]);
    expect(list).toEqual([
      "from",
      "from",
      "to",
      "subject",
      "subject",
      "date",
      "message-id",
      "mime-version",
      "content-type",
      "list-unsubscribe",
      "list-unsubscribe-post",
    ]);
  });

  it("names a field as often as it occurs, and From once more than that", () => {
    const list = dkimHeaderList(["from", "FROM", "received", "references", "in-reply-to", "cc", "reply-to"]);
    expect(list.filter((n) => n === "from")).toHaveLength(3);
    expect(list).toContain("references");
    expect(list).toContain("in-reply-to");
    expect(list).toContain("cc");
    expect(list).toContain("reply-to");
    expect(list).not.toContain("received");
  });

  it("oversigns From and Subject even when the message lacks them", () => {
    expect(dkimHeaderList([])).toEqual(["from", "subject"]);
  });

  it("lists every field the issue names", () => {
    expect([...DKIM_SIGNED_HEADERS].sort()).toEqual(
      [
        "cc",
        "content-type",
        "date",
        "from",
        "in-reply-to",
        "list-unsubscribe",
        "list-unsubscribe-post",
        "message-id",
        "mime-version",
        "references",
        "reply-to",
        "subject",
        "to",
      ].sort(),
    );
  });
});
