// Verifies a received message's DKIM signature with an independent
// implementation (mailauth's dkimVerify, not the app's signer), against the
// TXT records given here or served by the tests' DNS server.
import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";

export type DkimVerdict = {
  /** pass, fail, neutral (no signature), temperror… */
  status: string;
  /** The signature's h= names, lower case, in order. */
  signedHeaders: string[];
  /** The d= domain and s= selector of the first signature. */
  domain?: string;
  selector?: string;
};

/** TXT lookups as mailauth wants them, from a map of name → records or from a resolver. */
export type TxtSource = Record<string, string> | ((name: string) => Promise<string[]>);

export async function verifyDkim(raw: string | Buffer, txt: TxtSource): Promise<DkimVerdict> {
  const resolver = async (name: string, rrtype: string) => {
    if (rrtype !== "TXT") throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    const records = typeof txt === "function" ? await txt(name) : txt[name] === undefined ? [] : [txt[name]];
    if (records.length === 0) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return records.map((r) => [r]);
  };
  const result = await dkimVerify(typeof raw === "string" ? Buffer.from(raw) : raw, { resolver });
  const first = result.results[0];
  return {
    status: first?.status?.result ?? "neutral",
    signedHeaders: hTag(typeof raw === "string" ? raw : raw.toString("latin1")),
    domain: first?.signingDomain,
    selector: first?.selector,
  };
}

/** The h= tag of the message's first DKIM-Signature, as written (oversigned names included). */
function hTag(raw: string): string[] {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]/g, " ");
  const field = head.split(/\r?\n/).find((line) => /^dkim-signature:/i.test(line)) ?? "";
  const h = /(?:^|;)\s*h=([^;]*)/.exec(field.slice(field.indexOf(":") + 1))?.[1] ?? "";
  return h
    .split(":")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/** A 2048-bit test key pair: the PEM private key and the p= value of its TXT record. */
export function testDkimKeys(): { privateKey: string; publicKey: string; record: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const der = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: der,
    record: `v=DKIM1; k=rsa; p=${der}`,
  };
}
