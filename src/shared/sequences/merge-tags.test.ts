import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toContactInput } from "../contacts/import/to-contact-input.ts";
import {
  findUnknownMergeTags,
  insertableMergeTags,
  listMergeTags,
  mergeContextFromContact,
  mergeTagColumns,
  mergeTagKey,
  renderMergeTags,
  replaceMergeTag,
  sampleBookingLink,
  suggestMergeTag,
  unknownMergeTagIssues,
  usesBookingLink,
  withBookingLink,
} from "./merge-tags.ts";

const jane = mergeContextFromContact({
  email: "jane@acme.test",
  firstName: "Jane",
  lastName: "Doe",
  company: "Acme & Sons",
  customFields: { job_title: "CTO", city: "" },
});
const empty = mergeContextFromContact({ email: "x@y.test", firstName: null, lastName: null, company: null });

describe("mergeTagKey", () => {
  it("treats case, underscores and spaces as the same tag", () => {
    for (const name of ["firstName", "first_name", "FirstName", "FIRST_NAME", "first name"]) {
      expect(mergeTagKey(name)).toBe("firstname");
    }
  });
});

describe("renderMergeTags, preview", () => {
  const preview = { mode: "preview", format: "text" } as const;

  it("fills the built-in tags and imported columns", () => {
    expect(
      renderMergeTags("Hi {{firstName}} {{lastName}} at {{company}} ({{email}}), {{job_title}}", jane, preview),
    ).toBe("Hi Jane Doe at Acme & Sons (jane@acme.test), CTO");
  });

  it("tolerates spaces inside the braces and other spellings", () => {
    expect(renderMergeTags("{{ first_name }}/{{FirstName}}/{{ FIRSTNAME}}/{{jobTitle}}", jane, preview)).toBe(
      "Jane/Jane/Jane/CTO",
    );
  });

  it("shows a missing value as the tag name in square brackets, as written", () => {
    expect(renderMergeTags("Hi {{firstName}}, {{ City }} {{unknown_tag}}", empty, preview)).toBe(
      "Hi [firstName], [City] [unknown_tag]",
    );
  });

  it("leaves text that is not a tag alone", () => {
    expect(renderMergeTags("{firstName} {{ }} {{first-name}} {{{email}}}", jane, preview)).toBe(
      "{firstName} {{ }} {{first-name}} {jane@acme.test}",
    );
  });
});

describe("renderMergeTags, send", () => {
  const fallbacks = { first_name: "there", company: "your company" };

  it("uses the user's fallbacks (snake_case keys) for missing values, else nothing", () => {
    expect(
      renderMergeTags("Hi {{firstName}} at {{company}}{{lastName}}!", empty, {
        mode: "send",
        format: "text",
        fallbacks,
      }),
    ).toBe("Hi there at your company!");
    expect(renderMergeTags("Hi {{firstName}}!", empty, { mode: "send", format: "text" })).toBe("Hi !");
  });

  it("prefers the contact's value over the fallback", () => {
    expect(renderMergeTags("{{ first_name }}", jane, { mode: "send", format: "text", fallbacks })).toBe("Jane");
  });
});

describe("renderMergeTags, html", () => {
  it("escapes substituted values but not the surrounding markup", () => {
    const evil = mergeContextFromContact({
      email: "e@x.test",
      firstName: '<img src=x onerror="alert(1)">',
      lastName: null,
      company: "Acme & Sons",
    });
    expect(renderMergeTags("<p>Hi {{firstName}} of {{company}}</p>", evil, { mode: "send", format: "html" })).toBe(
      "<p>Hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt; of Acme &amp; Sons</p>",
    );
  });

  it("does not escape in text mode", () => {
    expect(renderMergeTags("{{company}}", jane, { mode: "send", format: "text" })).toBe("Acme & Sons");
  });
});

describe("mergeContextFromContact", () => {
  it("reads an imported record through toContactInput (full name split, extra columns kept)", () => {
    const contact = toContactInput({ email: "Bo@X.test", full_name: "Bo van Dyke", job_title: "CEO" });
    const context = mergeContextFromContact(contact);
    const out = renderMergeTags("{{firstName}}|{{lastName}}|{{full_name}}|{{job_title}}|{{email}}", context, {
      mode: "preview",
      format: "text",
    });
    expect(out).toBe("Bo|van Dyke|Bo van Dyke|CEO|bo@x.test");
  });

  it("keeps the built-in value when an imported column normalises to the same key", () => {
    const context = mergeContextFromContact({
      email: "a@b.test",
      firstName: "Ann",
      lastName: null,
      company: null,
      customFields: { firstname: "Other" },
    });
    expect(context.get("firstname")).toBe("Ann");
  });
});

describe("listMergeTags and findUnknownMergeTags", () => {
  it("lists each tag once, as first written", () => {
    expect(listMergeTags("{{firstName}} {{ first_name }} {{company}} {{job_title}}")).toEqual([
      "firstName",
      "company",
      "job_title",
    ]);
  });

  it("reports tags no built-in field or imported column can fill", () => {
    const text = "{{firstName}} {{Company}} {{job_title}} {{ favourite_color }} {{website}}";
    expect(findUnknownMergeTags(text, ["email", "job_title"])).toEqual(["favourite_color", "website"]);
    expect(findUnknownMergeTags(text, ["email", "JobTitle", "favourite_color", "website"])).toEqual([]);
  });
});

describe("insertableMergeTags", () => {
  it("lists firstName, lastName, email, each imported column not already covered, then bookingLink", () => {
    expect(insertableMergeTags(["email", "first_name", "job_title", "city", "job_title"])).toEqual([
      "firstName",
      "lastName",
      "email",
      "job_title",
      "city",
      "bookingLink",
    ]);
    expect(insertableMergeTags(["work_email", "company"], "work_email")).toEqual([
      "firstName",
      "lastName",
      "email",
      "company",
      "bookingLink",
    ]);
    // An imported "booking_link" column is the tag's spelling, not a second entry.
    expect(insertableMergeTags(["email", "booking_link"])).toEqual(["firstName", "lastName", "email", "bookingLink"]);
  });
});

describe("{{bookingLink}}", () => {
  const url = "https://app.example.com/schedule/Ab3dEf7h?t=id.mac&x=<y>";
  const context = withBookingLink(mergeContextFromContact({ email: "jane@acme.test", firstName: "Jane" }), url);
  it("is a link in HTML and the URL in plain text, at send time", () => {
    expect(renderMergeTags("<p>Book: {{bookingLink}}</p>", context, { mode: "send", format: "html" })).toBe(
      '<p>Book: <a href="https://app.example.com/schedule/Ab3dEf7h?t=id.mac&amp;x=&lt;y&gt;">https://app.example.com/schedule/Ab3dEf7h?t=id.mac&amp;x=&lt;y&gt;</a></p>',
    );
    expect(renderMergeTags("Book: {{ booking_link }}", context, { mode: "send", format: "text" })).toBe(`Book: ${url}`);
  });
  it("shows a sample link in previews", () => {
    const none = mergeContextFromContact({ email: "jane@acme.test" });
    expect(renderMergeTags("{{bookingLink}}", none, { mode: "preview", format: "text" })).toBe(sampleBookingLink);
    expect(renderMergeTags("{{bookingLink}}", none, { mode: "preview", format: "html" })).toBe(
      `<a href="${sampleBookingLink}">${sampleBookingLink}</a>`,
    );
  });
  it("is never filled by an imported column or a fallback", () => {
    const imported = mergeContextFromContact({
      email: "a@b.test",
      customFields: { "Booking Link": "http://evil.example" },
    });
    const options = { mode: "send", format: "text", fallbacks: { booking_link: "http://evil.example" } } as const;
    expect(renderMergeTags("[{{bookingLink}}]", imported, options)).toBe("[]");
  });
  it("is a known tag, and found in any spelling", () => {
    expect(findUnknownMergeTags("{{bookingLink}} {{BOOKING_LINK}}", ["email"])).toEqual([]);
    expect(usesBookingLink("Hi {{ booking_link }}")).toBe(true);
    expect(usesBookingLink("Hi {{firstName}} bookingLink")).toBe(false);
  });
});

describe("a fallback per use", () => {
  const send = { mode: "send", format: "text", fallbacks: { first_name: "friend" } } as const;

  it("wins over the settings' fallback, and an empty one means nothing", () => {
    expect(renderMergeTags("Hi {{firstName|there}}!", empty, send)).toBe("Hi there!");
    expect(renderMergeTags("Hi {{ first_name | there }}!", empty, send)).toBe("Hi there!");
    expect(renderMergeTags("Hi {{firstName|}}!", empty, send)).toBe("Hi !");
    expect(renderMergeTags("Hi {{firstName}}!", empty, send)).toBe("Hi friend!");
  });

  it("gives way to the contact's value, and shows in previews", () => {
    expect(renderMergeTags("Hi {{firstName|there}}", jane, send)).toBe("Hi Jane");
    expect(renderMergeTags("Hi {{firstName|there}}", empty, { mode: "preview", format: "text" })).toBe("Hi there");
  });

  it("counts as the same tag for the lists", () => {
    expect(listMergeTags("{{firstName|there}} {{first_name}} {{city|your town}}")).toEqual(["firstName", "city"]);
    expect(findUnknownMergeTags("{{city|your town}}", [])).toEqual(["city"]);
  });
});

describe("unknown tags: did you mean", () => {
  it("suggests the nearest known tag, in the user's spelling for built-ins", () => {
    expect(suggestMergeTag("frist_name", [])).toBe("first_name");
    expect(suggestMergeTag("frstName", [])).toBe("firstName");
    expect(suggestMergeTag("compnay", ["job_title"])).toBe("company");
    expect(suggestMergeTag("job_tilte", ["job_title"])).toBe("job_title");
    expect(suggestMergeTag("bookinglnk", [])).toBe("bookingLink");
  });

  it("renames every spelling of a tag, keeping each use's fallback", () => {
    expect(replaceMergeTag("{{frist_name}} {{ FRIST_NAME | there }} {{firstName}}", "frist_name", "first_name")).toBe(
      "{{first_name}} {{first_name| there }} {{firstName}}",
    );
  });

  it("suggests nothing when no known tag is near", () => {
    expect(suggestMergeTag("website", ["job_title"])).toBeNull();
    expect(suggestMergeTag("x", [])).toBeNull();
  });

  it("says each step's unknown tags in the review's words", () => {
    expect(
      unknownMergeTagIssues(
        [
          { subject: "Hi {{firstName}}", body: "About {{job_title}}" },
          { subject: "Re", body: "Hi {{frist_name}}, see {{website|our site}}" },
        ],
        ["job_title"],
      ),
    ).toEqual([
      "Step 2 uses an unknown merge tag {{frist_name}}. Did you mean {{first_name}}?",
      "Step 2 uses an unknown merge tag {{website}}",
    ]);
  });
});

describe("the import's other names for the built-in fields", () => {
  const row = { email: "jo@acme.test", fname: "Jo", surname: "Ray", organisation: "Acme", city: "Rome" };
  const imported = toContactInput(row);
  const columns = Object.keys(imported.customFields);

  it("are tags of the field the import filled, as the CSV's header names them", () => {
    expect(columns).toEqual(["city"]);
    const text = "{{fname}} {{Surname}} at {{organisation}} ({{company_name}}) in {{city}}";
    expect(findUnknownMergeTags(text, columns)).toEqual([]);
    expect(renderMergeTags(text, mergeContextFromContact(imported), { mode: "send", format: "text" })).toBe(
      "Jo Ray at Acme (Acme) in Rome",
    );
  });

  it("read a column of that name when the import kept one (a CSV with both company and organisation)", () => {
    const both = toContactInput({ email: "a@b.test", company: "Acme", organisation: "Acme Holding" });
    expect(both.company).toBe("Acme");
    const context = mergeContextFromContact(both);
    expect(renderMergeTags("{{company}} / {{organisation}}", context, { mode: "send", format: "text" })).toBe(
      "Acme / Acme Holding",
    );
  });

  it("take the field's fallback when the contact has no value, unless they have their own", () => {
    const context = mergeContextFromContact({ email: "x@y.test", firstName: null, lastName: null, company: null });
    const send = { mode: "send", format: "text" } as const;
    expect(renderMergeTags("{{organisation}}", context, { ...send, fallbacks: { company: "your company" } })).toBe(
      "your company",
    );
    expect(
      renderMergeTags("{{organisation}}", context, {
        ...send,
        fallbacks: { company: "your company", organisation: "your org" },
      }),
    ).toBe("your org");
  });

  it("are not offered as a 'did you mean': the field's own name is", () => {
    expect(suggestMergeTag("compnay", [])).toBe("company");
    expect(suggestMergeTag("orgs", [])).toBeNull();
    expect(suggestMergeTag("organsation", [])).toBeNull();
  });
});

describe("mergeTagColumns", () => {
  it("is the custom-field keys and the fallback tags with a value, each name once", () => {
    expect(
      mergeTagColumns(["job_title", "Job Title", "city"], { title: "friend", first_name: "there", empty: " " }),
    ).toEqual(["job_title", "city", "title", "first_name"]);
    expect(mergeTagColumns([], null)).toEqual([]);
  });

  it("makes a tag with a fallback known: every contact gets the fallback", () => {
    expect(findUnknownMergeTags("{{title}} {{city}}", mergeTagColumns([], { title: "friend" }))).toEqual(["city"]);
  });
});

describe("merge tag properties", () => {
  it("never throws and leaves text without double braces alone", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = renderMergeTags(text, jane, { mode: "send", format: "text" });
        if (!text.includes("{{")) expect(out).toBe(text);
        suggestMergeTag(text, ["job_title"]);
      }),
    );
  });

  it("suggests a known tag for any one-letter slip of a long enough name", () => {
    fc.assert(
      fc.property(fc.constantFrom("firstName", "company", "lastName"), fc.nat(), (name, at) => {
        const i = at % name.length;
        const slipped = `${name.slice(0, i)}${name.slice(i + 1)}`;
        expect(suggestMergeTag(slipped, [])).toBe(name);
      }),
    );
  });
});
