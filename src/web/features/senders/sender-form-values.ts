// The add/edit sender form keeps every input as typed (strings), turns them
// into the API's SenderInput, and validates with the same shared schema as the
// server, so both report the same message for the same mistake.
import type { FieldErrors, Resolver } from "react-hook-form";
import type { SenderProvider, SmtpSecurityMode } from "#shared/db-enums.ts";
import { imapPresets, smtpPresets } from "#shared/senders/provider-presets.ts";
import {
  connectionTestInputSchema,
  parseDailyLimit,
  SENDER_DAILY_LIMIT_DEFAULT,
  type Sender,
  type SenderInput,
  type SmtpConnectionInput,
  senderInputSchema,
  USERNAME_OR_EMAIL_NEEDED,
} from "#shared/senders/senders.schemas.ts";
import {
  borrowedPasswordNeededAgain,
  type ImapEndpoint,
  imapPasswordNeededAgain,
  type SmtpEndpoint,
  smtpPasswordNeededAgain,
} from "#shared/senders/stored-password.ts";

/** What the form offers; a stored "smtp" provider is shown and saved as "custom" (the same kind). */
export const formProviders = ["gmail", "outlook", "custom"] as const;
export type FormProvider = (typeof formProviders)[number];

export type SenderFormValues = {
  email: string;
  provider: FormProvider;
  dailyLimit: string;
  smtpHost: string;
  smtpPort: string;
  smtpSecurity: SmtpSecurityMode;
  smtpUsername: string;
  smtpPassword: string;
  imapHost: string;
  imapPort: string;
  /** Empty: IMAP signs in with the SMTP username. */
  imapUsername: string;
  /** Empty: the stored IMAP password is kept, or (none stored) IMAP signs in with the SMTP password. */
  imapPassword: string;
};

export type SenderFormField = keyof SenderFormValues;

export function emptySenderForm(provider: FormProvider = "gmail"): SenderFormValues {
  return applyProviderPreset(
    {
      email: "",
      provider,
      dailyLimit: String(SENDER_DAILY_LIMIT_DEFAULT),
      smtpHost: "",
      smtpPort: "587",
      smtpSecurity: "starttls",
      smtpUsername: "",
      smtpPassword: "",
      imapHost: "",
      imapPort: "993",
      imapUsername: "",
      imapPassword: "",
    },
    provider,
  );
}

export function senderToForm(sender: Sender): SenderFormValues {
  const provider: FormProvider = sender.provider === "smtp" ? "custom" : sender.provider;
  const { smtp, imap } = sender.connection;
  return {
    email: sender.email,
    provider,
    dailyLimit: String(sender.dailyLimit),
    smtpHost: smtp?.host ?? "",
    smtpPort: smtp ? String(smtp.port) : "587",
    smtpSecurity: smtp?.security ?? "starttls",
    smtpUsername: smtp?.username ?? "",
    // Never known to the browser: empty means "keep the stored one".
    smtpPassword: "",
    imapHost: imap?.host ?? "",
    imapPort: imap ? String(imap.port) : "993",
    // Shown so that a save keeps it (an IMAP object replaces the stored one, username included).
    imapUsername: imap?.username ?? "",
    imapPassword: "",
  };
}

const presetHosts = new Set(
  [...Object.values(smtpPresets), ...Object.values(imapPresets)].map((p) => p?.host).filter(Boolean),
);

/**
 * Switching provider fills the known servers. Hosts the user typed are kept
 * when switching to Custom SMTP; a preset host is cleared, since it belongs to
 * the provider being left.
 */
export function applyProviderPreset(values: SenderFormValues, provider: SenderProvider): SenderFormValues {
  const smtp = smtpPresets[provider];
  const imap = imapPresets[provider];
  const next = { ...values, provider: provider === "smtp" ? "custom" : provider } as SenderFormValues;
  if (smtp) {
    next.smtpHost = smtp.host;
    next.smtpPort = String(smtp.port);
    next.smtpSecurity = smtp.security;
  } else if (presetHosts.has(values.smtpHost)) {
    next.smtpHost = "";
  }
  if (imap) {
    next.imapHost = imap.host;
    next.imapPort = String(imap.port);
  } else if (presetHosts.has(values.imapHost)) {
    next.imapHost = "";
  }
  return next;
}

const toPort = (raw: string) => (raw.trim() === "" ? Number.NaN : Number(raw));

/** The SMTP part; the username defaults to the email address, as most providers expect. */
export function formToSmtp(values: SenderFormValues): SmtpConnectionInput {
  return {
    host: values.smtpHost.trim(),
    port: toPort(values.smtpPort),
    security: values.smtpSecurity,
    username: values.smtpUsername.trim() || values.email.trim(),
    ...(values.smtpPassword ? { password: values.smtpPassword } : {}),
  };
}

export function formToInput(values: SenderFormValues): SenderInput {
  const imapHost = values.imapHost.trim();
  const imapUsername = values.imapUsername.trim();
  return {
    email: values.email.trim(),
    provider: values.provider,
    // The spec's rule: a limit that is not a number becomes 50; the range is checked after.
    dailyLimit: parseDailyLimit(values.dailyLimit),
    smtp: formToSmtp(values),
    // IMAP is optional: no host means no reply sync (and removes a stored one).
    imap: imapHost
      ? {
          host: imapHost,
          port: toPort(values.imapPort),
          ...(imapUsername ? { username: imapUsername } : {}),
          ...(values.imapPassword ? { password: values.imapPassword } : {}),
        }
      : null,
  };
}

/** API field paths (as in a 400's details.fields) → form fields. */
const fieldByPath: Record<string, SenderFormField> = {
  email: "email",
  provider: "provider",
  dailyLimit: "dailyLimit",
  "smtp.host": "smtpHost",
  "smtp.port": "smtpPort",
  "smtp.security": "smtpSecurity",
  "smtp.username": "smtpUsername",
  "smtp.password": "smtpPassword",
  "imap.host": "imapHost",
  "imap.port": "imapPort",
  "imap.username": "imapUsername",
  "imap.password": "imapPassword",
};

export function formFieldFor(path: string): SenderFormField | undefined {
  return fieldByPath[path];
}

type Issue = { path: PropertyKey[]; message: string; code: string };

function toFieldErrors(issues: Issue[]): FieldErrors<SenderFormValues> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const field = formFieldFor(issue.path.map(String).join(".")) ?? "email";
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return errors as FieldErrors<SenderFormValues>;
}

export const senderFormResolver: Resolver<SenderFormValues> = async (values) => {
  const parsed = senderInputSchema.safeParse(formToInput(values));
  if (parsed.success) return { values, errors: {} };
  return { values: {}, errors: toFieldErrors(parsed.error.issues) };
};

/**
 * Where the stored SMTP password was saved for, when editing a sender that has
 * one, and where reply sync signed in with it (imap; imapOwnPassword: IMAP has
 * a password of its own and borrows nothing).
 */
export type StoredPassword = (SmtpEndpoint & { imap: ImapEndpoint | null; imapOwnPassword: boolean }) | null;

export function storedPasswordOf(sender: Sender | undefined): StoredPassword {
  const smtp = sender?.connection.smtp;
  const imap = sender?.connection.imap ?? null;
  if (!smtp?.hasPassword) return null;
  return {
    host: smtp.host,
    port: smtp.port,
    security: smtp.security,
    imap: imap && { host: imap.host, port: imap.port },
    imapOwnPassword: imap?.hasPassword ?? false,
  };
}

/** The SMTP part of the rule: the stored password goes only to the same host, over security as strong. */
function smtpNeedsPasswordAgain(values: SenderFormValues, stored: NonNullable<StoredPassword>): string | null {
  return smtpPasswordNeededAgain(stored, {
    host: values.smtpHost,
    port: toPort(values.smtpPort),
    security: values.smtpSecurity,
  });
}

/**
 * Why the password must be typed again before these values are saved (the
 * server's rule: the stored password goes only to the same SMTP host, over
 * security as strong, and reply sync that signs in with it only to the IMAP
 * host and port it was saved with), or null when the stored one may be kept.
 */
export function passwordNeededAgain(values: SenderFormValues, stored: StoredPassword): string | null {
  if (!stored || values.smtpPassword) return null;
  const smtpAgain = smtpNeedsPasswordAgain(values, stored);
  // IMAP with a password of its own (stored, or typed now) borrows nothing.
  if (smtpAgain || stored.imapOwnPassword || values.imapPassword) return smtpAgain;
  const imapHost = values.imapHost.trim();
  return borrowedPasswordNeededAgain(stored.imap, imapHost ? { host: imapHost, port: toPort(values.imapPort) } : null);
}

/** Where IMAP's own stored password was saved for, when editing a sender that has one. */
export function storedImapPasswordOf(sender: Sender | undefined): ImapEndpoint | null {
  const imap = sender?.connection.imap;
  return imap?.hasPassword ? { host: imap.host, port: imap.port } : null;
}

/**
 * Why IMAP's own stored password must be typed again before these values are
 * saved (the server's rule: only to the IMAP host and port it was saved with),
 * or null when it may be kept (or IMAP is removed).
 */
export function imapPasswordNeededAgainFor(values: SenderFormValues, storedImap: ImapEndpoint | null): string | null {
  const host = values.imapHost.trim();
  if (!storedImap || values.imapPassword || !host) return null;
  return imapPasswordNeededAgain(storedImap, { host, port: toPort(values.imapPort) });
}

/** Whether a connection test (SMTP only) of these values needs a typed password (no stored one may stand in). */
export function needsNewPassword(values: SenderFormValues, stored: StoredPassword): boolean {
  if (values.smtpPassword) return false;
  return !stored || smtpNeedsPasswordAgain(values, stored) !== null;
}

export function senderFormResolverFor(
  stored: StoredPassword,
  storedImap: ImapEndpoint | null = null,
): Resolver<SenderFormValues> {
  return async (values, context, options) => {
    const result = await senderFormResolver(values, context, options);
    const again: FieldErrors<SenderFormValues> = {};
    const smtpAgain = passwordNeededAgain(values, stored);
    if (smtpAgain && !result.errors.smtpPassword) again.smtpPassword = { type: "custom", message: smtpAgain };
    const imapAgain = imapPasswordNeededAgainFor(values, storedImap);
    if (imapAgain && !result.errors.imapPassword) again.imapPassword = { type: "custom", message: imapAgain };
    if (Object.keys(again).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...again } };
  };
}

/**
 * Checks the values a connection test needs. The password may be left out
 * when a saved sender's stored one can stand in (same host, security as strong).
 */
export function validateForConnectionTest(
  values: SenderFormValues,
  stored: StoredPassword,
): { smtp: SmtpConnectionInput; errors: null } | { smtp: null; errors: FieldErrors<SenderFormValues> } {
  const smtp = formToSmtp(values);
  // The username defaults to the email address: with neither, say both (the server would too).
  if (!smtp.username) {
    return { smtp: null, errors: { smtpUsername: { type: "custom", message: USERNAME_OR_EMAIL_NEEDED } } };
  }
  const needsPassword = needsNewPassword(values, stored);
  const parsed = needsPassword
    ? connectionTestInputSchema.safeParse({ smtp })
    : senderInputSchema.shape.smtp.safeParse(smtp);
  if (parsed.success) return { smtp, errors: null };
  const issues = parsed.error.issues.map((i) => ({
    ...i,
    path: needsPassword ? i.path : ["smtp", ...i.path],
  }));
  const errors = toFieldErrors(issues);
  const again = passwordNeededAgain(values, stored);
  if (again && errors.smtpPassword) errors.smtpPassword.message = again;
  return { smtp: null, errors };
}
