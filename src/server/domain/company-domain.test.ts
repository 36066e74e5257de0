import { describe, expect, it } from "vitest";
import { companyDomainOf } from "./company-domain.ts";

describe("companyDomainOf", () => {
  it("gives a company's domain, lower-cased", () => {
    expect(companyDomainOf("Jane@Acme.COM")).toBe("acme.com");
    expect(companyDomainOf("ops@mail.acme.co.uk")).toBe("mail.acme.co.uk");
  });

  it("never counts a free or public mail provider as a company", () => {
    for (const email of ["a@gmail.com", "b@outlook.com", "c@hotmail.com", "d@yahoo.com", "e@web.de", "f@icloud.com"]) {
      expect(companyDomainOf(email)).toBeNull();
    }
  });

  it("has no domain for an address without one", () => {
    expect(companyDomainOf("nobody")).toBeNull();
    expect(companyDomainOf("x@")).toBeNull();
  });
});
