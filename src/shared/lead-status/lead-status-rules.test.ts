import { describe, expect, it } from "vitest";
import { leadStatuses, replyClasses } from "../db-enums.ts";
import {
  inboundLeadStatus,
  type LeadState,
  leadChangeAuthor,
  leadStatusLabels,
  nextLeadStatus,
  replyLeadStatus,
} from "./lead-status-rules.ts";

const app = (status: LeadState["status"], suggested = false, source: LeadState["source"] = "mailbox"): LeadState => ({
  status,
  suggested,
  source,
});
const user = (status: LeadState["status"]): LeadState => ({ status, suggested: false, source: "user" });

describe("lead status labels", () => {
  it("names every status as the product does", () => {
    expect(leadStatuses.map((s) => leadStatusLabels[s])).toEqual([
      "New",
      "Contacted",
      "Replied",
      "Interested",
      "Meeting booked",
      "Not interested",
      "Wrong person",
      "Out of office",
      "Unsubscribed",
      "Bounced",
    ]);
  });
});

describe("replyLeadStatus", () => {
  it("suggests a status from each class; a plain reply is Replied, as a fact", () => {
    expect(Object.fromEntries(replyClasses.map((c) => [c, replyLeadStatus(c)]))).toEqual({
      interested: { status: "interested", suggested: true },
      not_interested: { status: "not_interested", suggested: true },
      meeting_request: { status: "interested", suggested: true },
      out_of_office: { status: "out_of_office", suggested: true },
      unsubscribe_request: { status: "unsubscribed", suggested: true },
      wrong_person: { status: "wrong_person", suggested: true },
      bounce: { status: "replied", suggested: false },
      other: { status: "replied", suggested: false },
    });
    expect(replyLeadStatus(null)).toEqual({ status: "replied", suggested: false });
  });
});

describe("inboundLeadStatus", () => {
  it("reads replies by class, auto-replies only when away or gone, bounces only when hard", () => {
    expect(inboundLeadStatus("reply", "meeting_request")).toEqual({ status: "interested", suggested: true });
    expect(inboundLeadStatus("unsubscribe", "unsubscribe_request")).toEqual({
      status: "unsubscribed",
      suggested: true,
    });
    expect(inboundLeadStatus("auto_reply", "out_of_office")).toEqual({ status: "out_of_office", suggested: true });
    expect(inboundLeadStatus("auto_reply", "wrong_person")).toEqual({ status: "wrong_person", suggested: true });
    expect(inboundLeadStatus("auto_reply", "other")).toBeNull();
    expect(inboundLeadStatus("bounce", "bounce", true)).toEqual({ status: "bounced", suggested: false });
    expect(inboundLeadStatus("bounce", "bounce", false)).toBeNull();
    expect(inboundLeadStatus("complaint", null)).toEqual({ status: "unsubscribed", suggested: false });
    expect(inboundLeadStatus("spam", null)).toBeNull();
  });
});

describe("nextLeadStatus", () => {
  const sent = app("contacted", false, "sending");

  it("a send makes a new lead Contacted, and only a new one", () => {
    expect(nextLeadStatus(null, sent)).toEqual(sent);
    expect(nextLeadStatus({ ...user("new") }, sent)).toEqual(sent);
    expect(nextLeadStatus(sent, sent)).toBeNull();
    expect(nextLeadStatus(app("replied"), sent)).toBeNull();
    expect(nextLeadStatus(app("interested", true), sent)).toBeNull();
    expect(nextLeadStatus(app("out_of_office", true), sent)).toBeNull();
  });

  it("a reply moves a lead forward, never back", () => {
    expect(nextLeadStatus(sent, app("interested", true))).toEqual(app("interested", true));
    expect(nextLeadStatus(app("out_of_office", true), app("replied"))).toEqual(app("replied"));
    expect(nextLeadStatus(app("replied"), app("out_of_office", true))).toBeNull();
    expect(nextLeadStatus(app("interested", true), app("replied"))).toBeNull();
    expect(nextLeadStatus(app("meeting_booked", false, "booking"), app("interested", true))).toBeNull();
  });

  it("a later reply's reading replaces an earlier suggestion of the same rank", () => {
    expect(nextLeadStatus(app("interested", true), app("not_interested", true))).toEqual(app("not_interested", true));
  });

  it("never overwrites what the user set, except with a fact", () => {
    for (const change of [
      sent,
      app("replied"),
      app("interested", true),
      app("meeting_booked", false, "booking"),
      app("unsubscribed", true),
    ]) {
      expect(nextLeadStatus(user("not_interested"), change)).toBeNull();
    }
    expect(nextLeadStatus(user("interested"), app("unsubscribed", false, "unsubscribe"))).toEqual(
      app("unsubscribed", false, "unsubscribe"),
    );
    expect(nextLeadStatus(user("interested"), app("bounced", false, "sending"))).toEqual(
      app("bounced", false, "sending"),
    );
    expect(nextLeadStatus({ ...user("interested"), source: "api" }, app("replied"))).toBeNull();
  });

  it("a booking is Meeting booked, past any reading of a reply", () => {
    const booked = app("meeting_booked", false, "booking");
    expect(nextLeadStatus(app("interested", true), booked)).toEqual(booked);
    expect(nextLeadStatus(app("not_interested", true), booked)).toEqual(booked);
  });

  it("nothing the app does replaces a fact; an emailed opt-out is confirmed by the link", () => {
    const bounced = app("bounced", false, "mailbox");
    expect(nextLeadStatus(bounced, app("replied"))).toBeNull();
    expect(nextLeadStatus(bounced, app("unsubscribed", false, "unsubscribe"))).toBeNull();
    expect(nextLeadStatus(app("unsubscribed", true), app("unsubscribed", false, "unsubscribe"))).toEqual(
      app("unsubscribed", false, "unsubscribe"),
    );
    expect(nextLeadStatus(app("unsubscribed", false, "unsubscribe"), app("unsubscribed", true))).toBeNull();
  });

  it("the user may set anything; choosing the suggestion confirms it", () => {
    expect(nextLeadStatus(app("bounced"), user("interested"))).toEqual(user("interested"));
    expect(nextLeadStatus(app("interested", true), user("interested"))).toEqual(user("interested"));
    expect(nextLeadStatus(user("interested"), user("interested"))).toBeNull();
    expect(nextLeadStatus(null, user("new"))).toBeNull();
    expect(nextLeadStatus(null, { ...user("replied"), suggested: true })).toEqual(user("replied"));
  });
});

describe("leadChangeAuthor", () => {
  it("says who made a change, and from what", () => {
    expect(leadChangeAuthor("user", "interested")).toBe("You");
    expect(leadChangeAuthor("mailbox", "interested")).toBe("The app, from a reply");
    expect(leadChangeAuthor("mailbox", "bounced")).toBe("The app, from a bounce report");
    expect(leadChangeAuthor("mailbox", "unsubscribed", true)).toBe("The app, from a reply");
    expect(leadChangeAuthor("mailbox", "unsubscribed", false)).toBe("The app, from a spam complaint");
    expect(leadChangeAuthor("sending", "contacted")).toBe("The app, from a send");
    expect(leadChangeAuthor("sending", "bounced")).toBe("The app, from a send that bounced");
    expect(leadChangeAuthor("booking", "meeting_booked")).toBe("The app, from a booking");
    expect(leadChangeAuthor("unsubscribe", "unsubscribed")).toBe("The unsubscribe link");
  });
});
