// Emails screen API contract (docs/product.md §4.2): the user's
// sends, opened ones first, then newest first, a page at a time (keyset
// cursor), optionally narrowed by a search on subject, recipient address,
// contact name and campaign name.
import { z } from "zod";
import { emailSendStatuses } from "../db-enums.ts";

export const EMAILS_PAGE_SIZE = 50;

export const emailListQuerySchema = z.object({
  /** Matched case-insensitively, as a substring, against subject, recipient address, contact name and campaign name. */
  search: z.string().trim().max(200).optional(),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string().trim().min(1).max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(EMAILS_PAGE_SIZE),
});
export type EmailListQuery = z.infer<typeof emailListQuerySchema>;

export const emailListItemSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    /** The address the message was sent to. */
    toEmail: z.string(),
    /** The contact's names (null for a direct email or a contact without them). */
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    /** Null for a direct email (sent from Compose, not from a campaign). */
    campaignId: z.string().nullable(),
    campaignName: z.string().nullable(),
    status: z.enum(emailSendStatuses),
    sentAt: z.string().nullable(),
    openedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "EmailListItem" });
export type EmailListItem = z.infer<typeof emailListItemSchema>;

export const emailListSchema = z
  .object({
    emails: z.array(emailListItemSchema),
    /**
     * Where the next page starts; null at the end of the list. With a search,
     * a page looks at a bounded number of emails, so it may hold fewer matches
     * than asked for (even none) while nextCursor says there is more to search.
     */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "EmailList" });
export type EmailList = z.infer<typeof emailListSchema>;
