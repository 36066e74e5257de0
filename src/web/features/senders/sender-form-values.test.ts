import { describe, expect, it } from "vitest";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import {
  applyProviderPreset,
  emptySenderForm,
  formToInput,
  imapPasswordNeededAgainFor,
  passwordNeededAgain,
  type SenderFormValues,
  senderFormResolver,
  senderFormResolverFor,
  senderToForm,
  storedImapPasswordOf,
  storedPasswordOf,
  validateForConnectionTest,
} from "./sender-form-values.ts";

const resolve = (values: SenderFormValues) =>
  senderFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

/** Where a saved Gmail sender's reply sync signed in with the stored password (the preset). */
const gmailSync = { imap: { host: "imap.gmail.com", port: 993 }, imapOwnPassword: false };
describe("sender form values", () => {
  it("starts as Gmail with its SMTP and IMAP servers and a limit of 50", () => {
    expect(emptySenderForm()).toMatchObject({
      provider: "gmail",
      dailyLimit: "50",
      smtpHost: "smtp.gmail.com",
      smtpPort: "465",
      smtpSecurity: "tls",
      imapHost: "imap.gmail.com",
      imapPort: "993",
    });
  });

  it("fills Outlook's servers, and clears preset hosts when switching to Custom SMTP", () => {
    const outlook = applyProviderPreset(emptySenderForm(), "outlook");
    expect(outlook).toMatchObject({ smtpHost: "smtp.office365.com", smtpPort: "587", smtpSecurity: "starttls" });
    const custom = applyProviderPreset(outlook, "custom");
    expect(custom).toMatchObject({ provider: "custom", smtpHost: "", imapHost: "" });
    const typed = applyProviderPreset({ ...custom, smtpHost: "mail.acme.test" }, "custom");
    expect(typed.smtpHost).toBe("mail.acme.test");
  });

  it("builds the API input: username defaults to the email, empty password and IMAP host are left out", () => {
    const values = { ...emptySenderForm(), email: " me@acme.test ", dailyLimit: "abc", imapHost: "" };
    expect(formToInput(values)).toEqual({
      email: "me@acme.test",
      provider: "gmail",
      dailyLimit: 50,
      smtp: { host: "smtp.gmail.com", port: 465, security: "tls", username: "me@acme.test" },
      imap: null,
    });
    expect(formToInput({ ...values, smtpPassword: " pw " }).smtp?.password).toBe(" pw ");
  });

  it("maps a saved sender back to the form without its password", () => {
    const sender: Sender = {
      id: "1",
      email: "me@acme.test",
      provider: "smtp",
      dailyLimit: 70,
      campaignId: null,
      canSend: true,
      cannotSendReason: null,
      gmailSyncEnabled: false,
      mailboxSync: null,
      sentCount: 0,
      createdAt: "2026-01-01T00:00:00.000Z",
      connection: {
        smtp: { host: "mail.acme.test", port: 2525, security: "none", username: "me", hasPassword: true },
        imap: null,
      },
    };
    expect(senderToForm(sender)).toMatchObject({
      provider: "custom",
      dailyLimit: "70",
      smtpHost: "mail.acme.test",
      smtpPort: "2525",
      smtpSecurity: "none",
      smtpUsername: "me",
      smtpPassword: "",
      imapHost: "",
    });
  });

  it("sends reply sync's own login when one is typed, and keeps a stored IMAP username across an edit", () => {
    const values = { ...emptySenderForm(), email: "me@acme.test" };
    expect(formToInput(values).imap).toEqual({ host: "imap.gmail.com", port: 993 });
    expect(formToInput({ ...values, imapUsername: " inbox ", imapPassword: " s " }).imap).toEqual({
      host: "imap.gmail.com",
      port: 993,
      username: "inbox",
      password: " s ",
    });
    const sender = {
      email: "me@acme.test",
      provider: "custom",
      dailyLimit: 50,
      connection: { smtp: null, imap: { host: "imap.acme.test", port: 993, username: "inbox", hasPassword: true } },
    } as unknown as Sender;
    const form = senderToForm(sender);
    expect(form).toMatchObject({ imapUsername: "inbox", imapPassword: "" });
    // Saved unchanged, the IMAP object carries the username (it replaces the stored one), not a password.
    expect(formToInput(form).imap).toEqual({ host: "imap.acme.test", port: 993, username: "inbox" });
    expect(storedImapPasswordOf(sender)).toEqual({ host: "imap.acme.test", port: 993 });
    expect(storedImapPasswordOf({ ...sender, connection: { smtp: null, imap: null } } as Sender)).toBeNull();
  });

  it("asks for IMAP's own password again before it goes to another IMAP host or port", async () => {
    const values = { ...emptySenderForm(), email: "me@acme.test" };
    const storedImap = { host: "imap.gmail.com", port: 993 };
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(imapPasswordNeededAgainFor(values, storedImap)).toBeNull();
    expect(imapPasswordNeededAgainFor({ ...values, imapHost: " IMAP.gmail.com " }, storedImap)).toBeNull();
    const moved = { ...values, imapHost: "imap.elsewhere.test" };
    expect(imapPasswordNeededAgainFor(moved, storedImap)).toBe("Enter the password for the new IMAP host");
    expect(imapPasswordNeededAgainFor({ ...values, imapPort: "143" }, storedImap)).toBe(
      "Enter the password again for the new IMAP port",
    );
    expect(imapPasswordNeededAgainFor({ ...moved, imapPassword: "pw" }, storedImap)).toBeNull();
    expect(imapPasswordNeededAgainFor({ ...moved, imapHost: "" }, storedImap)).toBeNull();
    expect(imapPasswordNeededAgainFor(moved, null)).toBeNull();
    const resolved = await senderFormResolverFor(null, storedImap)(moved, undefined, options);
    expect(resolved.errors.imapPassword?.message).toBe("Enter the password for the new IMAP host");
    expect(resolved.errors.smtpPassword).toBeUndefined();
    expect((await senderFormResolverFor(null, storedImap)(values, undefined, options)).errors).toEqual({});
  });

  it("reports the shared schema's messages on the form's fields", async () => {
    const values = { ...emptySenderForm("custom"), email: "", dailyLimit: "0", smtpPort: "x" };
    const { errors } = await resolve(values);
    expect(errors.email?.message).toBe("Email is required");
    expect(errors.dailyLimit?.message).toBe("Daily limit must be between 1 and 500");
    expect(errors.smtpHost?.message).toBe("Enter the server's host name");
    expect(errors.smtpPort?.message).toBe("Port must be a number");
    expect((await resolve({ ...emptySenderForm(), email: "me@acme.test" })).errors).toEqual({});
  });

  it("keeps the Username hint true: empty means the email address, never 'Enter the SMTP username'", async () => {
    const values = { ...emptySenderForm("custom"), email: "", smtpHost: "smtp.acme.test", smtpPassword: "pw" };
    const { errors } = await resolve(values);
    // Only the address is asked for; the username follows it.
    expect(errors.email?.message).toBe("Email is required");
    expect(errors.smtpUsername).toBeUndefined();
    expect(formToInput({ ...values, email: "me@acme.test" }).smtp?.username).toBe("me@acme.test");
    // A test needs someone to sign in as: the address or a username.
    expect(validateForConnectionTest(values, null).errors?.smtpUsername?.message).toBe(
      "Enter the email address or an SMTP username",
    );
    expect(validateForConnectionTest({ ...values, email: "me@acme.test" }, null).smtp?.username).toBe("me@acme.test");
  });

  it("asks for the password again before reply sync signs in with it somewhere new, not for an SMTP test", async () => {
    const values = { ...emptySenderForm(), email: "me@acme.test" };
    const stored = { host: "smtp.gmail.com", port: 465, security: "tls" as const, ...gmailSync };
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(passwordNeededAgain(values, stored)).toBeNull();
    expect(passwordNeededAgain({ ...values, imapHost: "" }, stored)).toBeNull();
    const moved = { ...values, imapHost: "imap.elsewhere.test" };
    expect(passwordNeededAgain(moved, stored)).toBe("Enter the password for the new IMAP host");
    expect((await senderFormResolverFor(stored)(moved, undefined, options)).errors.smtpPassword?.message).toBe(
      "Enter the password for the new IMAP host",
    );
    expect(passwordNeededAgain({ ...values, imapPort: "143" }, stored)).toBe(
      "Enter the password again for the new IMAP port",
    );
    // Added to a sender that had none, typed with it, or IMAP with a password of its own.
    expect(passwordNeededAgain(values, { ...stored, imap: null })).toBe("Enter the password for the new IMAP host");
    expect(passwordNeededAgain({ ...moved, smtpPassword: "pw" }, stored)).toBeNull();
    expect(passwordNeededAgain(moved, { ...stored, imapOwnPassword: true })).toBeNull();
    expect(passwordNeededAgain({ ...moved, imapPassword: "its own" }, stored)).toBeNull();
    // The connection test talks SMTP only.
    expect(validateForConnectionTest(moved, stored).errors).toBeNull();
  });

  it("needs a password to test unsaved settings, or a saved sender on another host", () => {
    const values = { ...emptySenderForm(), email: "me@acme.test" };
    const unsaved = validateForConnectionTest(values, null);
    expect(unsaved.errors?.smtpPassword?.message).toBe("Enter the SMTP password");
    const stored = { host: "SMTP.gmail.com", port: 465, security: "tls" as const, ...gmailSync };
    expect(validateForConnectionTest(values, stored).errors).toBeNull();
    const moved = validateForConnectionTest({ ...values, smtpHost: "mail.acme.test" }, stored);
    expect(moved.errors?.smtpPassword?.message).toBe("Enter the password for the new SMTP host");
    expect(validateForConnectionTest({ ...values, smtpHost: "" }, stored).errors?.smtpHost?.message).toBe(
      "Enter the server's host name",
    );
  });

  it("asks for the password again before saving a sender moved to another host", async () => {
    const values = { ...emptySenderForm(), email: "me@acme.test" };
    const stored = { host: "smtp.gmail.com", port: 465, security: "tls" as const, ...gmailSync };
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect((await senderFormResolverFor(stored)(values, undefined, options)).errors).toEqual({});
    const moved = await senderFormResolverFor(stored)({ ...values, smtpHost: "mail.acme.test" }, undefined, options);
    expect(moved.errors.smtpPassword?.message).toBe("Enter the password for the new SMTP host");
    const typed = { ...values, smtpHost: "mail.acme.test", smtpPassword: "pw" };
    expect((await senderFormResolverFor(stored)(typed, undefined, options)).errors).toEqual({});
    // Adding: no password is fine (the sender is saved without a connection password).
    expect((await senderFormResolverFor(null)(values, undefined, options)).errors).toEqual({});
  });

  it("asks for the password again for weaker security on the same host, not for another port", async () => {
    const values = { ...emptySenderForm(), email: "me@acme.test" };
    const stored = { host: "smtp.gmail.com", port: 465, security: "tls" as const, ...gmailSync };
    const options = { fields: {}, shouldUseNativeValidation: false };
    const weaker = { ...values, smtpPort: "587", smtpSecurity: "starttls" as const };
    expect(passwordNeededAgain(weaker, stored)).toBe(
      "Enter the password again to connect with less security than SSL/TLS",
    );
    expect((await senderFormResolverFor(stored)(weaker, undefined, options)).errors.smtpPassword?.message).toBe(
      "Enter the password again to connect with less security than SSL/TLS",
    );
    expect(validateForConnectionTest(weaker, stored).errors?.smtpPassword?.message).toBe(
      "Enter the password again to connect with less security than SSL/TLS",
    );
    expect(passwordNeededAgain({ ...values, smtpPort: "2465" }, stored)).toBeNull();
    expect(validateForConnectionTest({ ...values, smtpPort: "2465" }, stored).errors).toBeNull();
    expect(passwordNeededAgain({ ...weaker, smtpPassword: "typed" }, stored)).toBeNull();
  });

  it("takes what the stored password was saved for from a saved sender", () => {
    const smtp = { host: "mail.acme.test", port: 587, security: "starttls" as const, username: "me" };
    const sender = (hasPassword: boolean, imap: unknown = null) =>
      ({ connection: { smtp: { ...smtp, hasPassword }, imap } }) as unknown as Sender;
    expect(storedPasswordOf(sender(true))).toEqual({
      host: "mail.acme.test",
      port: 587,
      security: "starttls",
      imap: null,
      imapOwnPassword: false,
    });
    const imap = { host: "imap.acme.test", port: 993, username: null, hasPassword: true };
    expect(storedPasswordOf(sender(true, imap))).toMatchObject({
      imap: { host: "imap.acme.test", port: 993 },
      imapOwnPassword: true,
    });
    expect(storedPasswordOf(sender(false))).toBeNull();
    expect(storedPasswordOf(undefined)).toBeNull();
  });
});
