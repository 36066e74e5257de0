// The tracking hosts API's contract: per sender domain of the user, the host
// chosen (if any), the CNAME record to publish for it, the last check and
// whether mail uses the host now.
import { z } from "@hono/zod-openapi";
import { trackingHostStatuses } from "../db-enums.ts";
import { TRACKING_HOST_MAX_LENGTH } from "./tracking-host-rules.ts";

export const trackingHostInputSchema = z
  .object({
    host: z
      .string({ error: "Enter a host name" })
      .trim()
      .toLowerCase()
      .min(1, "Enter a host name")
      .max(TRACKING_HOST_MAX_LENGTH, `A host name is at most ${TRACKING_HOST_MAX_LENGTH} characters`)
      .openapi({ example: "track.acme.com" }),
  })
  .meta({ id: "TrackingHostInput" });
export type TrackingHostInput = z.infer<typeof trackingHostInputSchema>;

export const cnameRecordSchema = z
  .object({
    type: z.literal("CNAME"),
    /** The name to publish at: the tracking host. */
    host: z.string(),
    /** The app's public host. */
    value: z.string(),
  })
  .meta({ id: "TrackingHostRecord" });
export type CnameRecord = z.infer<typeof cnameRecordSchema>;

export const trackingHostSchema = z
  .object({
    /** A domain of the user's senders. */
    domain: z.string(),
    /** The tracking host chosen for it (null: none: its links use the app's public host). */
    host: z.string().nullable(),
    status: z.enum(trackingHostStatuses).nullable(),
    message: z.string().nullable(),
    /** What to publish for the host (null: no host chosen). */
    record: cnameRecordSchema.nullable(),
    /** The CNAME target the last check found. */
    cname: z.string().nullable(),
    checkedAt: z.string().nullable(),
    /** The last check that passed. */
    verifiedAt: z.string().nullable(),
    /** Whether mail from this domain uses the host now (trackingHostInUse). */
    inUse: z.boolean(),
  })
  .meta({ id: "TrackingHost" });
export type TrackingHost = z.infer<typeof trackingHostSchema>;

export const trackingHostListSchema = z
  .object({
    /** PUBLIC_URL's host, the CNAME target; null when it is an IP address (no CNAME can point at one). */
    publicHost: z.string().nullable(),
    domains: z.array(trackingHostSchema),
  })
  .meta({ id: "TrackingHostList" });
export type TrackingHostList = z.infer<typeof trackingHostListSchema>;
