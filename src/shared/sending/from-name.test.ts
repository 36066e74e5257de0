import { describe, expect, it } from "vitest";
import { companyFromDomain, fromDisplayName, nameFromAddress } from "./from-name.ts";

describe("fromDisplayName, first_last", () => {
  it("uses the user's full name", () => {
    expect(fromDisplayName({ format: "first_last", senderEmail: "js@acme.test", userFullName: " Jane Smith " })).toBe(
      "Jane Smith",
    );
  });

  it("guesses a name from the sender's address without one", () => {
    expect(fromDisplayName({ format: "first_last", senderEmail: "jane.smith+sales@acme.test" })).toBe("Jane Smith");
    expect(fromDisplayName({ format: "first_last", senderEmail: "sales@acme.test", userFullName: "  " })).toBe("Sales");
  });
});

describe("fromDisplayName, company_team", () => {
  it("uses a known company name", () => {
    expect(fromDisplayName({ format: "company_team", senderEmail: "jane@acme.test", companyName: "Acme Inc" })).toBe(
      "Acme Inc Team",
    );
  });

  it("uses the user's company fallback, but not the default 'your company'", () => {
    const senderEmail = "jane@mail.acme-corp.co.uk";
    expect(fromDisplayName({ format: "company_team", senderEmail, fallbackMergeTags: { company: "Globex" } })).toBe(
      "Globex Team",
    );
    expect(
      fromDisplayName({ format: "company_team", senderEmail, fallbackMergeTags: { company: "your company" } }),
    ).toBe("Acme Corp Team");
  });
});

describe("name helpers", () => {
  it.each([
    ["acme.test", "Acme"],
    ["mail.acme.com", "Acme"],
    ["acme.co.uk", "Acme"],
    ["big-data.io", "Big Data"],
    ["localhost", "Localhost"],
  ])("companyFromDomain(%s) = %s", (domain, name) => {
    expect(companyFromDomain(domain)).toBe(name);
  });

  it("nameFromAddress splits on dots, dashes and underscores", () => {
    expect(nameFromAddress("mary-ann_o.neil@x.test")).toBe("Mary Ann O Neil");
  });
});
