// The only reader of process.env. Every setting has a safe default for the
// embedded mode (port 3000, PGlite in ./data, capture delivery, a generated
// APP_SECRET kept in ./data), so `npm start` needs no set-up.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

export const roles = ["all", "web", "worker"] as const;
export type Role = (typeof roles)[number];

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** A host name as a URL's hostname has it: lower case, IPv6 in brackets, no trailing dot. */
export function normalizeHostName(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, "");
}

/**
 * ALLOWED_HOSTS: comma-separated names ("app.internal", "app.internal:8080";
 * a port is accepted and ignored, since the Host check compares names). No
 * wildcards: "*" would read as "any name" and match none.
 */
function hostNames(value: string, ctx: z.RefinementCtx): string[] {
  const names: string[] = [];
  for (const entry of value.split(",")) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    let hostname = "";
    try {
      if (!/[/?#@*\s]/.test(trimmed)) hostname = new URL(`http://${trimmed}`).hostname;
    } catch {
      // reported below
    }
    if (!hostname)
      ctx.addIssue({ code: "custom", message: `"${trimmed}" is not a host name (list names, no wildcards)` });
    else names.push(normalizeHostName(hostname));
  }
  return names;
}

/** Every environment variable the app reads; docs/configuration.md documents each (config-docs.test.ts). */
export const envSchema = z
  .object({
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: optionalString,
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    APP_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
    ),
    MAIL_DELIVERY: z.preprocess(emptyToUndefined, z.enum(["capture", "live"]).default("capture")),
    CAPTURE_SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(2525)),
    SYSTEM_SMTP_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Coldreach <no-reply@coldreach.local>")),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    TRUSTED_ORIGINS: optionalString,
    ALLOWED_HOSTS: z.preprocess(emptyToUndefined, z.string().default("").transform(hostNames)),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    ROLE: z.preprocess(emptyToUndefined, z.enum(roles).default("all")),
    STATIC_DIR: z.preprocess(emptyToUndefined, z.string().default("./dist/web")),
    AUTH_RATE_LIMIT: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("on")),
    AUTH_SIGN_INS_PER_ADDRESS_PER_MINUTE: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1_000_000).default(30),
    ),
    AUTH_ACCOUNT_FREE_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
    AUTH_ACCOUNT_DELAY_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(30)),
    AUTH_ACCOUNT_MAX_DELAY_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(86_400).default(900),
    ),
    PUBLIC_RATE_LIMIT_READS_PER_MINUTE: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1_000_000).default(120),
    ),
    PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1_000_000).default(10),
    ),
    API_KEY_RATE_LIMIT_PER_MINUTE: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1_000_000).default(600),
    ),
    GMAIL_API_BASE_URL: z.preprocess(emptyToUndefined, z.string().url().default("https://gmail.googleapis.com")),
    GOOGLE_OAUTH_AUTH_URL: z.preprocess(
      emptyToUndefined,
      z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
    ),
    GOOGLE_OAUTH_TOKEN_URL: z.preprocess(
      emptyToUndefined,
      z.string().url().default("https://oauth2.googleapis.com/token"),
    ),
    GOOGLE_OAUTH_REVOKE_URL: z.preprocess(
      emptyToUndefined,
      z.string().url().default("https://oauth2.googleapis.com/revoke"),
    ),
    WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("off")),
    SMTP_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("off")),
    WEBHOOK_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(120_000).default(10_000)),
    WORKER_POLL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(50).max(600_000).default(2_000)),
    DNS_SERVERS: z.preprocess(emptyToUndefined, z.string().optional()),
    VERIFY_SMTP_PROBE: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("off")),
    VERIFY_SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(25)),
    MAILBOX_SYNC_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(86_400).default(120)),
    WORKER_DEAD_AFTER_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(3_600).default(30)),
    WORKER_STOP_GRACE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600).default(20)),
    PGLITE_ANALYZE_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_440).default(60)),
    DKIM_DOMAIN: optionalString,
    DKIM_SELECTOR: optionalString,
    DKIM_PRIVATE_KEY: optionalString,
    DKIM_PRIVATE_KEY_FILE: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.MAIL_DELIVERY === "live" && !env.SYSTEM_SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SYSTEM_SMTP_URL"],
        message:
          "MAIL_DELIVERY=live needs SYSTEM_SMTP_URL (smtp[s]://user:pass@host:port) for sign-up and notification mail",
      });
    }
    // DKIM is all or nothing: half a configuration would silently send unsigned mail.
    const dkimSet = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY, env.DKIM_PRIVATE_KEY_FILE].some(Boolean);
    if (dkimSet) {
      for (const name of ["DKIM_DOMAIN", "DKIM_SELECTOR"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: `DKIM signing needs ${name}` });
      }
      if (Boolean(env.DKIM_PRIVATE_KEY) === Boolean(env.DKIM_PRIVATE_KEY_FILE)) {
        ctx.addIssue({
          code: "custom",
          path: ["DKIM_PRIVATE_KEY"],
          message: "DKIM signing needs exactly one of DKIM_PRIVATE_KEY (PEM) or DKIM_PRIVATE_KEY_FILE (a path)",
        });
      }
    }
  });

/** Where Gmail connect sends the user for consent, exchanges and refreshes tokens, and revokes them. */
export type GoogleEndpoints = { authUrl: string; tokenUrl: string; revokeUrl: string };

/** DKIM signing for mail From one of `domains` (sending/delivery/dkim-sign.ts); it takes precedence over users' own keys. */
export type DkimConfig = { domains: string[]; selector: string; privateKey: string };

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** Origins whose pages may send state-changing requests (sign-in, every API write). */
  trustedOrigins: string[];
  /**
   * Host names the server answers to (PUBLIC_URL's, localhost, ALLOWED_HOSTS);
   * IP literals are always answered (see http/host-check.ts).
   */
  allowedHosts: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  /** True when APP_SECRET was generated and stored in DATA_DIR rather than set. */
  appSecretGenerated: boolean;
  mailDelivery: "capture" | "live";
  captureSmtpPort: number;
  systemSmtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string } | undefined;
  logLevel: string;
  role: Role;
  staticDir: string;
  authRateLimit: boolean;
  /** Sign-in limits (src/server/auth/auth-rate-limits.ts): per client address, and a growing delay per account. */
  authLimits: {
    signInsPerAddressPerMinute: number;
    accountFreeAttempts: number;
    accountDelaySeconds: number;
    accountMaxDelaySeconds: number;
  };
  /**
   * Requests per minute and client address on the public booking endpoints:
   * reads (the link, its free times, a meeting) and writes (booking, cancelling).
   */
  publicRateLimit: { readsPerMinute: number; writesPerMinute: number };
  /** Requests per minute and API key (src/server/auth/api-key-auth.ts), counted across processes. */
  apiKeyRateLimitPerMinute: number;
  /** Gmail API origin; tests point it at a local fake. */
  gmailApiBaseUrl: string;
  /** Google's OAuth endpoints (Gmail connect, token refresh, revocation); tests point them at a local stand-in. */
  googleEndpoints: GoogleEndpoints;
  dkim: DkimConfig | undefined;
  /** Outgoing webhooks may reach private, loopback and link-local addresses (off: SSRF guard). */
  webhookAllowPrivate: boolean;
  webhookTimeoutMs: number;
  /** Sender accounts' mail servers may be on private, loopback and link-local addresses (off: SSRF guard). */
  smtpAllowPrivate: boolean;
  /** How often an idle worker looks for due sends. */
  workerPollMs: number;
  /** The DNS servers of verification and domain health ("host" or "host:port"); undefined: the system's. */
  dnsServers: string[] | undefined;
  /** Email verification asks the domain's mail server about each mailbox (RCPT TO, never DATA). */
  verifySmtpProbe: boolean;
  /** The port of that probe: 25, other in tests and benchmarks. */
  verifySmtpPort: number;
  /** How often each sender's mailbox is synced (replies, bounces, spam). */
  mailboxSyncMs: number;
  /** A send worker whose heartbeat is older than this is dead; live workers recover its claims. */
  workerDeadAfterMs: number;
  /** On SIGTERM/SIGINT, how long deliveries already handed to a server may take to finish. */
  workerStopGraceMs: number;
  /** How often planner statistics are refreshed on PGlite (it has no autovacuum). */
  pgliteAnalyzeMs: number;
};

export class ConfigError extends Error {}

/** `--role=web` on the command line wins over ROLE. */
function roleFromArgv(argv: readonly string[]): string | undefined {
  const arg = argv.find((a) => a.startsWith("--role="));
  return arg?.slice("--role=".length);
}

/**
 * APP_SECRET signs sessions and keys the encryption of stored secrets, so a
 * generated one must survive restarts: it is kept in DATA_DIR/app-secret.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): Config {
  const parsed = envSchema.safeParse({ ...env, ROLE: roleFromArgv(argv) ?? env.ROLE });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  // Capture mode exposes every captured message on /outbox, so it stays on
  // loopback unless the operator chooses a HOST explicitly.
  const host = e.HOST ?? (e.MAIL_DELIVERY === "capture" ? "127.0.0.1" : "0.0.0.0");
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  // Without PUBLIC_URL the Vite dev server's pages are ours too.
  const ownOrigins = [new URL(publicUrl).origin, ...(e.PUBLIC_URL ? [] : ["http://localhost:5173"])];
  const trustedOrigins = new Set<string>();
  for (const origin of ownOrigins) {
    trustedOrigins.add(origin);
    // A page on this machine is the same page under either loopback name: opening
    // the app (or `npm run dev`'s http://localhost:5173) as 127.0.0.1 must not
    // break sign-in or refuse every change (better-auth and the origin check
    // reject POSTs from untrusted origins).
    const twin = loopbackTwinOrigin(origin);
    if (twin) trustedOrigins.add(twin);
  }
  for (const origin of (e.TRUSTED_ORIGINS ?? "").split(",")) {
    if (origin.trim()) trustedOrigins.add(origin.trim().replace(/\/$/, ""));
  }
  const allowedHosts = new Set<string>([normalizeHostName(new URL(publicUrl).hostname), "localhost"]);
  for (const name of e.ALLOWED_HOSTS) allowedHosts.add(name);
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
      : undefined;
  return {
    port: e.PORT,
    host,
    publicUrl,
    trustedOrigins: [...trustedOrigins],
    allowedHosts: [...allowedHosts],
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET ?? loadOrCreateSecret(dataDir),
    appSecretGenerated: !e.APP_SECRET,
    mailDelivery: e.MAIL_DELIVERY,
    captureSmtpPort: e.CAPTURE_SMTP_PORT,
    systemSmtpUrl: e.SYSTEM_SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    staticDir: resolve(e.STATIC_DIR),
    authRateLimit: e.AUTH_RATE_LIMIT === "on",
    authLimits: {
      signInsPerAddressPerMinute: e.AUTH_SIGN_INS_PER_ADDRESS_PER_MINUTE,
      accountFreeAttempts: e.AUTH_ACCOUNT_FREE_ATTEMPTS,
      accountDelaySeconds: e.AUTH_ACCOUNT_DELAY_SECONDS,
      accountMaxDelaySeconds: Math.max(e.AUTH_ACCOUNT_MAX_DELAY_SECONDS, e.AUTH_ACCOUNT_DELAY_SECONDS),
    },
    publicRateLimit: {
      readsPerMinute: e.PUBLIC_RATE_LIMIT_READS_PER_MINUTE,
      writesPerMinute: e.PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE,
    },
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    gmailApiBaseUrl: e.GMAIL_API_BASE_URL.replace(/\/$/, ""),
    googleEndpoints: {
      authUrl: e.GOOGLE_OAUTH_AUTH_URL,
      tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
      revokeUrl: e.GOOGLE_OAUTH_REVOKE_URL,
    },
    dkim: dkimConfig(e),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "on",
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    smtpAllowPrivate: e.SMTP_ALLOW_PRIVATE === "on",
    workerPollMs: e.WORKER_POLL_MS,
    mailboxSyncMs: e.MAILBOX_SYNC_SECONDS * 1000,
    dnsServers: e.DNS_SERVERS?.split(",")
      .map((server) => server.trim())
      .filter(Boolean),
    verifySmtpProbe: e.VERIFY_SMTP_PROBE === "on",
    verifySmtpPort: e.VERIFY_SMTP_PORT,
    workerDeadAfterMs: e.WORKER_DEAD_AFTER_SECONDS * 1000,
    workerStopGraceMs: e.WORKER_STOP_GRACE_SECONDS * 1000,
    pgliteAnalyzeMs: e.PGLITE_ANALYZE_MINUTES * 60_000,
  };
}

function dkimConfig(e: z.infer<typeof envSchema>): DkimConfig | undefined {
  if (!e.DKIM_DOMAIN || !e.DKIM_SELECTOR) return undefined;
  let privateKey: string;
  if (e.DKIM_PRIVATE_KEY_FILE) {
    try {
      privateKey = readFileSync(resolve(e.DKIM_PRIVATE_KEY_FILE), "utf8");
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: cannot read ${e.DKIM_PRIVATE_KEY_FILE} (${(error as Error).message})`,
      );
    }
  } else {
    // An environment variable usually carries the PEM's line breaks as "\n".
    privateKey = (e.DKIM_PRIVATE_KEY ?? "").replace(/\\n/g, "\n");
  }
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKey)) {
    throw new ConfigError(
      "Invalid configuration:\n  DKIM_PRIVATE_KEY: not a PEM private key (-----BEGIN PRIVATE KEY-----)",
    );
  }
  const domains = e.DKIM_DOMAIN.split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  return { domains, selector: e.DKIM_SELECTOR, privateKey: privateKey.trim() };
}

/** http://localhost:5173 → http://127.0.0.1:5173 and back; undefined for any other host. */
function loopbackTwinOrigin(url: string): string | undefined {
  const u = new URL(url);
  const twin = u.hostname === "localhost" ? "127.0.0.1" : u.hostname === "127.0.0.1" ? "localhost" : undefined;
  if (!twin) return undefined;
  u.hostname = twin;
  return u.origin;
}
