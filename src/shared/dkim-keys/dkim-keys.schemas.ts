// The DKIM keys API's contract: a key per sender domain that the app generates
// and signs with, the exact TXT record to publish for it, and whether DNS
// serves that record. The private key is never part of any answer.
import { z } from "@hono/zod-openapi";
import { fixRecordSchema } from "#shared/domain-health/domain-health.schemas.ts";

export const DEFAULT_DKIM_KEY_SELECTOR = "coldreach";

/** A DNS label (RFC 1035 as relaxed by RFC 1123): letters, digits and inner dashes, 1–63 characters. */
export const dkimSelectorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter a selector")
  .max(63, "A selector is at most 63 characters")
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, "A selector is letters, digits and dashes (not at either end)")
  .openapi({ example: DEFAULT_DKIM_KEY_SELECTOR });

export const dkimKeySchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    selector: z.string(),
    /** What to publish: TXT at {selector}._domainkey.{domain}, value v=DKIM1; k=rsa; p=… */
    record: fixRecordSchema,
    createdAt: z.string(),
  })
  .meta({ id: "DkimKey" });
export type DkimKey = z.infer<typeof dkimKeySchema>;

export const dkimDomainSchema = z
  .object({
    domain: z.string(),
    /** The key the app signs this domain's mail with, if one was generated. */
    key: dkimKeySchema.nullable(),
    /** The server's own key (DKIM_DOMAIN…) covers this domain: it signs instead of the key above. */
    serverKey: z.boolean(),
    /** False for a domain none of the user's senders uses any more (its key can still be deleted). */
    hasSenders: z.boolean(),
  })
  .meta({ id: "DkimDomain" });
export type DkimDomain = z.infer<typeof dkimDomainSchema>;

export const dkimDomainListSchema = z.object({ domains: z.array(dkimDomainSchema) }).meta({ id: "DkimDomainList" });

export const generateDkimKeySchema = z
  .object({
    domain: z.string().trim().toLowerCase().min(1).max(253).openapi({ example: "acme.com" }),
    selector: dkimSelectorSchema.default(DEFAULT_DKIM_KEY_SELECTOR),
  })
  .meta({ id: "GenerateDkimKey" });
export type GenerateDkimKeyInput = z.input<typeof generateDkimKeySchema>;

export const dkimDnsStatuses = ["match", "different", "not_found", "lookup_failed"] as const;
export type DkimDnsStatus = (typeof dkimDnsStatuses)[number];

export const dkimDnsCheckSchema = z
  .object({
    status: z.enum(dkimDnsStatuses),
    /** The name looked up. */
    host: z.string(),
    message: z.string(),
    checkedAt: z.string(),
  })
  .meta({ id: "DkimDnsCheck" });
export type DkimDnsCheck = z.infer<typeof dkimDnsCheckSchema>;
