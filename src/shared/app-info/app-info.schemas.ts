import { z } from "zod";

/** Public facts the SPA needs before sign-in (which features are configured). */
export const appInfoSchema = z
  .object({
    mailDelivery: z.enum(["capture", "live"]),
    googleSignIn: z.boolean(),
    version: z.string(),
  })
  .meta({ id: "AppInfo" });

export type AppInfo = z.infer<typeof appInfoSchema>;

export const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.object({ status: z.enum(["up", "down"]), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
    role: z.string(),
    mailDelivery: z.enum(["capture", "live"]),
  })
  .meta({ id: "Health" });

export type Health = z.infer<typeof healthSchema>;
