import { z } from "zod";

/** The one error shape every failed API request returns. */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: "Error" });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
