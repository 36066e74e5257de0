import { describe, expect, it } from "vitest";
import {
  borrowedPasswordNeededAgain,
  imapPasswordNeededAgain,
  type SmtpEndpoint,
  smtpPasswordNeededAgain,
} from "./stored-password.ts";

describe("smtpPasswordNeededAgain", () => {
  const saved: SmtpEndpoint = { host: "mail.acme.test", port: 587, security: "starttls" };

  it.each([
    ["the same settings", { ...saved }, null],
    ["another port, same security", { ...saved, port: 2587 }, null],
    ["stronger security on another port", { ...saved, port: 465, security: "tls" }, null],
    ["the host in another case", { ...saved, host: " MAIL.acme.TEST " }, null],
    ["another host", { ...saved, host: "mail.evil.test" }, "Enter the password for the new SMTP host"],
    [
      "weaker security",
      { ...saved, port: 25, security: "none" },
      "Enter the password again to connect with less security than STARTTLS",
    ],
  ] as const)("%s", (_name, next, expected) => {
    expect(smtpPasswordNeededAgain(saved, next)).toBe(expected);
  });

  it("ranks none < starttls < SSL/TLS", () => {
    const tls = { ...saved, security: "tls" as const };
    expect(smtpPasswordNeededAgain(tls, { ...tls, security: "starttls" })).toBe(
      "Enter the password again to connect with less security than SSL/TLS",
    );
    expect(smtpPasswordNeededAgain({ ...saved, security: "none" }, { ...saved, security: "none" })).toBeNull();
  });
});

describe("imapPasswordNeededAgain", () => {
  it("keeps the password only for the same host and port", () => {
    const saved = { host: "imap.acme.test", port: 993 };
    expect(imapPasswordNeededAgain(saved, { host: "IMAP.acme.test", port: 993 })).toBeNull();
    expect(imapPasswordNeededAgain(saved, { host: "imap.evil.test", port: 993 })).toBe(
      "Enter the password for the new IMAP host",
    );
    expect(imapPasswordNeededAgain(saved, { host: "imap.acme.test", port: 143 })).toBe(
      "Enter the password again for the new IMAP port",
    );
  });
});

describe("borrowedPasswordNeededAgain", () => {
  const saved = { host: "imap.acme.test", port: 993 };
  it("keeps the SMTP password for reply sync on the same IMAP host and port, or without IMAP", () => {
    expect(borrowedPasswordNeededAgain(saved, { host: "IMAP.acme.test ", port: 993 })).toBeNull();
    expect(borrowedPasswordNeededAgain(saved, null)).toBeNull();
    expect(borrowedPasswordNeededAgain(null, null)).toBeNull();
  });
  it("asks for it again when reply sync is added, moved to another host or to another port", () => {
    expect(borrowedPasswordNeededAgain(null, saved)).toBe("Enter the password for the new IMAP host");
    expect(borrowedPasswordNeededAgain(saved, { host: "imap.evil.test", port: 993 })).toBe(
      "Enter the password for the new IMAP host",
    );
    expect(borrowedPasswordNeededAgain(saved, { host: "imap.acme.test", port: 143 })).toBe(
      "Enter the password again for the new IMAP port",
    );
  });
});
