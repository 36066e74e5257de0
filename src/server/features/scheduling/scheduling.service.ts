// The owner's scheduling links (the Scheduling Links manager on the calendar).
// Every query is scoped to the signed-in user: another user's link, or an id
// that is not even a uuid, is "Scheduling link not found", never "forbidden",
// so ids reveal nothing.
import { randomInt } from "node:crypto";
import { and, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import {
  type CreateLink,
  LINK_CODE_LENGTH,
  noticeTooLongMessage,
  ORGANIZER_NAME_MAX_LENGTH,
  type OrganizerOptions,
  type SchedulingLinkDto,
  schedulingMessages,
  type UpdateLink,
} from "#shared/scheduling/scheduling.schemas.ts";
import { scheduledMeetings, schedulingLinks } from "../../db/schema/index.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

/**
 * Why the organizer's address is limited to these: it is the invite's ORGANIZER (where a
 * calendar sends the prospect's accept or decline) and the confirmation's Reply-To, so it must
 * be a mailbox the owner has shown they use (a sender account they connected, or the address
 * they signed in with), not any address typed, which would let a link speak for someone else.
 */
export const organizerEmailMessage = "Choose one of your sender accounts' addresses or your sign-in address";

/**
 * The public code's alphabet: letters and digits without the look-alikes
 * (0/O/o, 1/l/I), so a code read aloud or copied by hand still works.
 * 55 symbols, 8 characters: ~46 bits.
 */
export const LINK_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";

/** A fresh code from the operating system's CSPRNG (randomInt draws without modulo bias). */
export function newLinkCode(): string {
  let code = "";
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

/** Collisions are ~1 in 10^13 per pair; more than a few in a row means something else is wrong. */
const CODE_ATTEMPTS = 5;

type LinkRow = typeof schedulingLinks.$inferSelect & { upcomingMeetings: number };

/** The PostgreSQL error behind a Drizzle query error (Drizzle wraps the driver's error in `cause`). */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e?.cause?.code ? e.cause : (e ?? {});
}

function notFound(): AppError {
  return new AppError("not_found", schedulingMessages.linkNotFound);
}

export type SchedulingServiceOptions = {
  /** The code generator (tests force a collision); newLinkCode by default. */
  linkCode?: () => string;
};

export function createSchedulingService(deps: FeatureDeps, options: SchedulingServiceOptions = {}) {
  const { db, config } = deps;
  const now = () => deps.now?.() ?? new Date();
  const generateCode = options.linkCode ?? newLinkCode;

  /**
   * A new link's organizer and the addresses it may use, in one query: the owner's sender
   * accounts (saved senders first, then campaign copies, oldest first), then the sign-in
   * address. The default is the first sender, named with the owner's name; the sign-in address
   * only for an owner without any sender account (it is theirs, and a link needs an organizer).
   */
  async function organizerOptions(userId: string): Promise<OrganizerOptions> {
    const [row] = await queryRows<{ name: string; email: string; senders: string[] | null }>(
      db,
      sql`select left(coalesce(nullif(trim(u.full_name), ''), nullif(trim(u.name), ''), split_part(u.email, '@', 1)),
                      ${ORGANIZER_NAME_MAX_LENGTH}) as name,
                 u.email,
                 array(select s.email from sender_accounts s where s.user_id = u.id
                       order by (s.campaign_id is not null), s.created_at, s.id) as senders
          from "user" u where u.id = ${userId}`,
    );
    if (!row) throw new Error("organizer options: no such user");
    const addresses: string[] = [];
    for (const address of [...(row.senders ?? []), row.email]) {
      if (!addresses.some((a) => a.toLowerCase() === address.toLowerCase())) addresses.push(address);
    }
    return { name: row.name, email: addresses[0] ?? row.email, addresses };
  }

  /** The organizer address as the owner's own spelling of it, or a 400 naming the field. */
  async function allowedOrganizerEmail(userId: string, email: string): Promise<string> {
    const { addresses } = await organizerOptions(userId);
    const found = addresses.find((a) => a.toLowerCase() === email.toLowerCase());
    if (!found) {
      throw new AppError("validation_error", organizerEmailMessage, {
        fields: { organizerEmail: organizerEmailMessage },
      });
    }
    return found;
  }

  const toDto = (row: LinkRow): SchedulingLinkDto => ({
    id: row.id,
    title: row.title,
    description: row.description,
    durationMinutes: row.durationMinutes,
    availableDays: row.availableDays,
    availableTimeStart: row.availableTimeStart,
    availableTimeEnd: row.availableTimeEnd,
    timezone: row.timezone,
    linkCode: row.linkCode,
    isActive: row.isActive,
    bookingHorizonDays: row.bookingHorizonDays,
    minimumNoticeHours: row.minimumNoticeHours,
    organizerName: row.organizerName,
    organizerEmail: row.organizerEmail,
    publicUrl: `${config.publicUrl}/schedule/${row.linkCode}`,
    upcomingMeetings: row.upcomingMeetings,
    createdAt: row.createdAt.toISOString(),
  });

  /**
   * The user's links (or one of them) with their count of upcoming meetings
   * (still scheduled, not yet ended), in one query: a left join grouped by
   * link, never a count per link.
   */
  async function select(userId: string, id?: string): Promise<LinkRow[]> {
    return db
      .select({
        ...getTableColumns(schedulingLinks),
        upcomingMeetings: sql<number>`count(${scheduledMeetings.id})::int`,
      })
      .from(schedulingLinks)
      .leftJoin(
        scheduledMeetings,
        and(
          eq(scheduledMeetings.linkId, schedulingLinks.id),
          eq(scheduledMeetings.status, "scheduled"),
          gt(scheduledMeetings.endsAt, now()),
        ),
      )
      .where(and(eq(schedulingLinks.userId, userId), id === undefined ? undefined : eq(schedulingLinks.id, id)))
      .groupBy(schedulingLinks.id)
      .orderBy(desc(schedulingLinks.createdAt), desc(schedulingLinks.id));
  }

  return {
    /** Newest first. */
    async list(userId: string): Promise<SchedulingLinkDto[]> {
      return (await select(userId)).map(toDto);
    },

    organizerOptions,

    /** Inserts the link with a fresh public code, drawing again when the code is taken. */
    async create(userId: string, input: CreateLink): Promise<SchedulingLinkDto> {
      const fallback = await organizerOptions(userId);
      const organizerEmail =
        input.organizerEmail === undefined ? fallback.email : await allowedOrganizerEmail(userId, input.organizerEmail);
      const organizerName = input.organizerName ?? fallback.name;
      for (let attempt = 1; ; attempt++) {
        try {
          const [row] = await db
            .insert(schedulingLinks)
            .values({
              userId,
              title: input.title,
              description: input.description || null,
              durationMinutes: input.durationMinutes,
              availableDays: input.availableDays,
              availableTimeStart: input.availableTimeStart,
              availableTimeEnd: input.availableTimeEnd,
              timezone: input.timezone,
              bookingHorizonDays: input.bookingHorizonDays,
              minimumNoticeHours: input.minimumNoticeHours,
              organizerName,
              organizerEmail,
              linkCode: generateCode(),
              isActive: true,
            })
            .returning();
          if (!row) throw new Error("scheduling link insert returned no row");
          return toDto({ ...row, upcomingMeetings: 0 });
        } catch (err) {
          const e = pgError(err);
          const collision = e.code === "23505" && e.constraint === "scheduling_links_link_code_unique";
          if (!collision || attempt >= CODE_ATTEMPTS) throw err;
        }
      }
    },

    /**
     * Deactivates or reactivates a link (only active links are public), or changes its booking
     * rules or organizer. The notice is checked against the horizon in the statement itself, with
     * the stored value of whichever of the two is not being changed.
     */
    async update(userId: string, id: string, input: UpdateLink): Promise<SchedulingLinkDto> {
      if (!isUuid(id)) throw notFound();
      const mine = and(eq(schedulingLinks.id, id), eq(schedulingLinks.userId, userId));
      const exists = async () =>
        (await db.select({ id: schedulingLinks.id }).from(schedulingLinks).where(mine)).length > 0;
      // Another user's link is not found, whatever the body says: its 404 comes before the address's 400.
      if (input.organizerEmail !== undefined && !(await exists())) throw notFound();
      const organizerEmail =
        input.organizerEmail === undefined ? undefined : await allowedOrganizerEmail(userId, input.organizerEmail);
      const horizon = input.bookingHorizonDays ?? schedulingLinks.bookingHorizonDays;
      const notice = input.minimumNoticeHours ?? schedulingLinks.minimumNoticeHours;
      const changes = Object.fromEntries(
        Object.entries({
          isActive: input.isActive,
          bookingHorizonDays: input.bookingHorizonDays,
          minimumNoticeHours: input.minimumNoticeHours,
          organizerName: input.organizerName,
          organizerEmail,
        }).filter(([, value]) => value !== undefined),
      );
      const updated =
        Object.keys(changes).length === 0
          ? await db.select({ id: schedulingLinks.id }).from(schedulingLinks).where(mine)
          : await db
              .update(schedulingLinks)
              .set(changes)
              .where(and(mine, sql`${notice} < ${horizon} * 24`))
              .returning({ id: schedulingLinks.id });
      if (updated.length === 0) {
        if (!(await exists())) throw notFound();
        throw new AppError("validation_error", noticeTooLongMessage, {
          fields: { minimumNoticeHours: noticeTooLongMessage },
        });
      }
      const [row] = await select(userId, id);
      if (!row) throw notFound();
      return toDto(row);
    },

    /** Deletes the link; its meetings go with it (ON DELETE CASCADE). */
    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound();
      const deleted = await db
        .delete(schedulingLinks)
        .where(and(eq(schedulingLinks.id, id), eq(schedulingLinks.userId, userId)))
        .returning({ id: schedulingLinks.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type SchedulingService = ReturnType<typeof createSchedulingService>;
