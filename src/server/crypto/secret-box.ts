// Secrets at rest (SMTP/IMAP passwords, OAuth refresh tokens): AES-256-GCM with
// a key derived from APP_SECRET by HKDF, a random 96-bit nonce per value, and
// the purpose bound in as associated data so a value cannot be moved between
// columns. Stored as "v1.<nonce>.<ciphertext>.<tag>" in base64url.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export type SecretBox = {
  encrypt: (plaintext: string, purpose: string) => string;
  decrypt: (sealed: string, purpose: string) => string;
};

export class SecretDecryptError extends Error {
  constructor() {
    super("A stored secret could not be decrypted (was APP_SECRET changed?)");
    this.name = "SecretDecryptError";
  }
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", appSecret, "coldreach", "secret-box v1", 32));
  return {
    encrypt(plaintext, purpose) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [nonce, body, cipher.getAuthTag()].map((b) => b.toString("base64url"));
      return `v1.${parts.join(".")}`;
    },
    decrypt(sealed, purpose) {
      const [version, nonce, body, tag] = sealed.split(".");
      if (version !== "v1" || !nonce || body === undefined || !tag) throw new SecretDecryptError();
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretDecryptError();
      }
    },
  };
}
