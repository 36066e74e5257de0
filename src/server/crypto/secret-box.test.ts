import { describe, expect, it } from "vitest";
import { createSecretBox, SecretDecryptError } from "./secret-box.ts";

const box = createSecretBox("a".repeat(40));

describe("secret box", () => {
  it("round-trips and never stores the plaintext", () => {
    const sealed = box.encrypt("hunter2-smtp-password", "smtp_password");
    expect(sealed).not.toContain("hunter2");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(box.decrypt(sealed, "smtp_password")).toBe("hunter2-smtp-password");
  });

  it("uses a fresh nonce each time", () => {
    expect(box.encrypt("same", "p")).not.toBe(box.encrypt("same", "p"));
  });

  it("refuses another purpose, another key and tampering", () => {
    const sealed = box.encrypt("secret", "smtp_password");
    expect(() => box.decrypt(sealed, "imap_password")).toThrow(SecretDecryptError);
    expect(() => createSecretBox("b".repeat(40)).decrypt(sealed, "smtp_password")).toThrow(SecretDecryptError);
    const parts = sealed.split(".");
    parts[2] = Buffer.from("tampered").toString("base64url");
    expect(() => box.decrypt(parts.join("."), "smtp_password")).toThrow(SecretDecryptError);
    expect(() => box.decrypt("garbage", "smtp_password")).toThrow(SecretDecryptError);
  });
});
