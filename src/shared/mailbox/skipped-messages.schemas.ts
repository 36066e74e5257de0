// The API shape of skipped messages (skipped-messages.ts says what they are,
// and has the same shape as a plain type, for the web's first paint).
import { z } from "zod";
import { skipReasons } from "../db-enums.ts";

export const skippedMessagesSchema = z
  .array(
    z.object({
      reason: z.enum(skipReasons),
      count: z.number().int().min(1),
      /** The latest one skipped for this reason. */
      lastAt: z.string(),
    }),
  )
  .meta({ id: "SkippedMessages", description: "Skipped messages of the last 7 days, by reason, most first" });
