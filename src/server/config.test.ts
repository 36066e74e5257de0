import { existsSync, mkdtempSync, readFileSync } from "node:fs";
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
  });
});
