import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "coldreach-config-"));

describe("loadConfig", () => {
  it("runs on embedded defaults: port 3000, PGlite, capture mode on loopback, generated secret kept in the data dir", () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir }, []);
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      mailDelivery: "capture",
      role: "all",
      appSecretGenerated: true,
    });
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, "app-secret"), "utf8").trim()).toBe(config.appSecret);
    // A second start reuses the same secret, so sessions and encrypted secrets survive restarts.
    expect(loadConfig({ DATA_DIR: dataDir }, []).appSecret).toBe(config.appSecret);
  });

  it("uses APP_SECRET when set and writes nothing", () => {
    const dataDir = join(tmp(), "never-created");
    const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: "x".repeat(40) }, []);
    expect(config.appSecretGenerated).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("listens on all interfaces in live mode, and on HOST when given", () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: "x".repeat(40) };
    expect(loadConfig({ ...base, MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://mail:587" }, []).host).toBe("0.0.0.0");
    expect(loadConfig({ ...base, HOST: "0.0.0.0" }, []).host).toBe("0.0.0.0");
  });

  it("refuses live mode without a system SMTP server, and bad values, with readable messages", () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: "x".repeat(40) };
    expect(() => loadConfig({ ...base, MAIL_DELIVERY: "live" }, [])).toThrow(/SYSTEM_SMTP_URL/);
    expect(() => loadConfig({ ...base, PORT: "abc" }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, APP_SECRET: "short" }, [])).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ ...base, MAIL_DELIVERY: "carrier-pigeon" }, [])).toThrow(/MAIL_DELIVERY/);
  });

  it("takes the role from --role, over ROLE", () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: "x".repeat(40) };
    expect(loadConfig({ ...base, ROLE: "web" }, []).role).toBe("web");
    expect(loadConfig({ ...base, ROLE: "web" }, ["node", "main.ts", "--role=worker"]).role).toBe("worker");
    expect(() => loadConfig(base, ["--role=chef"])).toThrow(ConfigError);
  });

  it("enables Google only with both id and secret, and trusts configured origins", () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: "x".repeat(40) };
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: "id" }, []).google).toBeUndefined();
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }, []).google).toEqual({
      clientId: "id",
      clientSecret: "s",
    });
    const config = loadConfig(
      { ...base, PUBLIC_URL: "https://app.example.com/", TRUSTED_ORIGINS: "https://admin.example.com" },
      [],
    );
    expect(config.publicUrl).toBe("https://app.example.com");
    expect(config.trustedOrigins).toEqual(["https://app.example.com", "https://admin.example.com"]);
    // npm run dev: PUBLIC_URL=http://localhost:5173, and the page opened as 127.0.0.1 is the same one.
    expect(loadConfig({ ...base, PUBLIC_URL: "http://localhost:5173" }, []).trustedOrigins).toEqual([
      "http://localhost:5173",
      "http://127.0.0.1:5173",
    ]);
    expect(loadConfig({ ...base, PUBLIC_URL: "http://127.0.0.1:8080/" }, []).trustedOrigins).toEqual([
      "http://127.0.0.1:8080",
      "http://localhost:8080",
    ]);
  });

  it("answers PUBLIC_URL's host name, localhost and ALLOWED_HOSTS, and refuses a value that is no host name", () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: "x".repeat(40) };
    expect(loadConfig(base, []).allowedHosts).toEqual(["localhost"]);
    expect(
      loadConfig(
        { ...base, PUBLIC_URL: "https://Outreach.Example.com:8443/", ALLOWED_HOSTS: "app.internal:8080, ,LAN.box" },
        [],
      ).allowedHosts,
    ).toEqual(["outreach.example.com", "localhost", "app.internal", "lan.box"]);
    expect(() => loadConfig({ ...base, ALLOWED_HOSTS: "https://app.example.com/" }, [])).toThrow(/ALLOWED_HOSTS/);
    expect(() => loadConfig({ ...base, ALLOWED_HOSTS: "a b" }, [])).toThrow(/ALLOWED_HOSTS/);
    expect(() => loadConfig({ ...base, ALLOWED_HOSTS: "*" }, [])).toThrow(/no wildcards/);
  });

  it("limits the public booking endpoints to 120 reads and 10 writes a minute, or the configured budgets", () => {
    const secret = { APP_SECRET: "x".repeat(32) };
    expect(loadConfig(secret, []).publicRateLimit).toEqual({ readsPerMinute: 120, writesPerMinute: 10 });
    expect(
      loadConfig(
        { ...secret, PUBLIC_RATE_LIMIT_READS_PER_MINUTE: "600", PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE: "30" },
        [],
      ).publicRateLimit,
    ).toEqual({ readsPerMinute: 600, writesPerMinute: 30 });
    for (const bad of ["0", "-5", "1.5", "lots"]) {
      expect(() => loadConfig({ ...secret, PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE: bad }, [])).toThrow(
        /PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE/,
      );
    }
  });

  it("points the Gmail API at Google by default, or at GMAIL_API_BASE_URL", () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: "x".repeat(40) };
    expect(loadConfig(base, []).gmailApiBaseUrl).toBe("https://gmail.googleapis.com");
    expect(loadConfig({ ...base, GMAIL_API_BASE_URL: "http://127.0.0.1:9999/" }, []).gmailApiBaseUrl).toBe(
      "http://127.0.0.1:9999",
    );
  });

  it("uses Google's OAuth endpoints by default, or the GOOGLE_OAUTH_* settings", () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: "x".repeat(40) };
    expect(loadConfig(base, []).googleEndpoints).toEqual({
      authUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: "https://oauth2.googleapis.com/token",
      revokeUrl: "https://oauth2.googleapis.com/revoke",
    });
    const local = "http://127.0.0.1:9999";
    expect(
      loadConfig(
        {
          ...base,
          GOOGLE_OAUTH_AUTH_URL: `${local}/o/oauth2/v2/auth`,
          GOOGLE_OAUTH_TOKEN_URL: `${local}/token`,
          GOOGLE_OAUTH_REVOKE_URL: `${local}/revoke`,
        },
        [],
      ).googleEndpoints,
    ).toEqual({ authUrl: `${local}/o/oauth2/v2/auth`, tokenUrl: `${local}/token`, revokeUrl: `${local}/revoke` });
    expect(() => loadConfig({ ...base, GOOGLE_OAUTH_TOKEN_URL: "not a url" }, [])).toThrow(/GOOGLE_OAUTH_TOKEN_URL/);
  });

  it("signs with DKIM only when domain, selector and one key are all given", () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: "x".repeat(40) };
    const pem = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    }) as string;
    expect(loadConfig(base, []).dkim).toBeUndefined();

    // Inline, with the line breaks escaped as an environment variable usually carries them.
    const inline = loadConfig(
      { ...base, DKIM_DOMAIN: "Acme.test, acme.io", DKIM_SELECTOR: "cr1", DKIM_PRIVATE_KEY: pem.replace(/\n/g, "\\n") },
      [],
    ).dkim;
    expect(inline).toEqual({ domains: ["acme.test", "acme.io"], selector: "cr1", privateKey: pem.trim() });

    const file = join(tmp(), "dkim.pem");
    writeFileSync(file, pem);
    const fromFile = loadConfig(
      { ...base, DKIM_DOMAIN: "acme.test", DKIM_SELECTOR: "cr1", DKIM_PRIVATE_KEY_FILE: file },
      [],
    );
    expect(fromFile.dkim?.privateKey).toBe(pem.trim());

    expect(() => loadConfig({ ...base, DKIM_DOMAIN: "acme.test" }, [])).toThrow(/DKIM_SELECTOR[\s\S]*DKIM_PRIVATE_KEY/);
    expect(() =>
      loadConfig({ ...base, DKIM_DOMAIN: "a.test", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY: "not a key" }, []),
    ).toThrow(/not a PEM private key/);
    expect(() =>
      loadConfig(
        { ...base, DKIM_DOMAIN: "a.test", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY_FILE: join(tmp(), "none") },
        [],
      ),
    ).toThrow(/cannot read/);
  });
});
