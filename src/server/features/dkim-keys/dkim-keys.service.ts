// DKIM keys per sender domain: generate a 2048-bit RSA key for a domain of the
// user's senders (the private key sealed in the secret box, like SMTP
// passwords), show the TXT record to publish, check whether DNS serves it,
// delete. Every query is scoped to the user; the private key never leaves
// this module except sealed, into the database.
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import type { DkimDnsCheck, DkimDomain, DkimKey } from "#shared/dkim-keys/dkim-keys.schemas.ts";
import { dkimDnsMessage, dkimDnsVerdict, dkimHost, dkimRecordFor } from "#shared/dkim-keys/dns-check.ts";
import type { Config } from "../../config.ts";
import type { SecretBox } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import type { Db } from "../../db/client.ts";
import { dkimKeys, senderAccounts } from "../../db/schema/index.ts";
import { isUuid } from "../../db/uuid.ts";
import { createDnsResolver, type DnsResolver } from "../../dns/resolver.ts";
import { AppError } from "../../errors.ts";
import { lookup, publicKeyDer } from "../domain-health/dns-facts.ts";

const generateRsaKeyPair = promisify(generateKeyPair);

type KeyRow = { id: string; domain: string; selector: string; publicKey: string; createdAt: Date };

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

function toDto(row: KeyRow): DkimKey {
  return {
    id: row.id,
    domain: row.domain,
    selector: row.selector,
    record: { type: "TXT", host: dkimHost(row.selector, row.domain), value: dkimRecordFor(row.publicKey) },
    createdAt: row.createdAt.toISOString(),
  };
}

// Never the private key: every read of dkim_keys here selects these columns.
const publicColumns = {
  id: dkimKeys.id,
  domain: dkimKeys.domain,
  selector: dkimKeys.selector,
  publicKey: dkimKeys.publicKey,
  createdAt: dkimKeys.createdAt,
};

const notFound = () => new AppError("not_found", "DKIM key not found");

export function createDkimKeyService(deps: { db: Db; config: Config; secrets: SecretBox; dns?: DnsResolver }) {
  const { db } = deps;
  // Short, single-try lookups, as domain health's: the screen waits for the answer.
  const dns = deps.dns ?? createDnsResolver({ servers: deps.config.dnsServers, timeoutMs: 2_000, tries: 1 });
  const serverDomains = new Set(deps.config.dkim?.domains ?? []);

  async function senderDomains(userId: string): Promise<Set<string>> {
    const rows = await db
      .select({ email: senderAccounts.email })
      .from(senderAccounts)
      .where(eq(senderAccounts.userId, userId));
    return new Set(rows.map((r) => domainOf(r.email)));
  }

  async function ownKey(userId: string, id: string): Promise<KeyRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await db
      .select(publicColumns)
      .from(dkimKeys)
      .where(and(eq(dkimKeys.userId, userId), eq(dkimKeys.id, id)));
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Every domain of the user's senders, and any other domain the user still has a key for. */
    async list(userId: string): Promise<DkimDomain[]> {
      const [domains, keys] = await Promise.all([
        senderDomains(userId),
        db.select(publicColumns).from(dkimKeys).where(eq(dkimKeys.userId, userId)),
      ]);
      const keyOf = new Map(keys.map((k) => [k.domain, k]));
      const all = [...new Set([...domains, ...keyOf.keys()])].sort((a, b) => a.localeCompare(b));
      return all.map((domain) => {
        const key = keyOf.get(domain);
        return {
          domain,
          key: key ? toDto(key) : null,
          serverKey: serverDomains.has(domain),
          hasSenders: domains.has(domain),
        };
      });
    },

    async generate(userId: string, input: { domain: string; selector: string }): Promise<DkimKey> {
      const domain = input.domain.toLowerCase();
      // Only a domain of the user's own senders: nobody signs for a domain they do not send from.
      if (!(await senderDomains(userId)).has(domain)) {
        throw new AppError("not_found", "None of your senders uses this domain");
      }
      const [existing] = await db
        .select({ id: dkimKeys.id })
        .from(dkimKeys)
        .where(and(eq(dkimKeys.userId, userId), eq(dkimKeys.domain, domain)));
      if (existing) throw new AppError("conflict", `${domain} already has a DKIM key: delete it to make a new one`);
      const { publicKey, privateKey } = await generateRsaKeyPair("rsa", {
        modulusLength: 2048,
        publicKeyEncoding: { type: "spki", format: "der" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      });
      const [row] = await db
        .insert(dkimKeys)
        .values({
          userId,
          domain,
          selector: input.selector,
          privateKeyEncrypted: deps.secrets.encrypt(privateKey, secretPurposes.dkimPrivateKey),
          publicKey: publicKey.toString("base64"),
        })
        // Two tabs generating at once: the unique (user, domain) index keeps one.
        .onConflictDoNothing()
        .returning(publicColumns);
      if (!row) throw new AppError("conflict", `${domain} already has a DKIM key: delete it to make a new one`);
      return toDto(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound();
      const deleted = await db
        .delete(dkimKeys)
        .where(and(eq(dkimKeys.userId, userId), eq(dkimKeys.id, id)))
        .returning({ id: dkimKeys.id });
      if (deleted.length === 0) throw notFound();
    },

    /** Looks up TXT at {selector}._domainkey.{domain} through the app's resolver (DNS_SERVERS). */
    async checkDns(userId: string, id: string): Promise<DkimDnsCheck> {
      const key = await ownKey(userId, id);
      const host = dkimHost(key.selector, key.domain);
      const records = await lookup(() => dns.txt(host));
      const status = dkimDnsVerdict(records, key.publicKey, publicKeyDer);
      return { status, host, message: dkimDnsMessage(status, host), checkedAt: new Date().toISOString() };
    },
  };
}
