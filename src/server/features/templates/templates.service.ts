// Email templates: a user's saved sequences. Every query is scoped to the
// signed-in user; another user's template is "not found", never "forbidden",
// so ids reveal nothing. Rich-text bodies are sanitised before they are stored.
import { and, arrayContains, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { readTemplateSequence, toTemplateData } from "#shared/templates/template-data.ts";
import { normalizeTags, type Template, type TemplateInput } from "#shared/templates/templates.schemas.ts";
import type { Db } from "../../db/client.ts";
import { emailTemplates } from "../../db/schema/index.ts";
import { containsPattern } from "../../db/text-search.ts";
import { AppError } from "../../errors.ts";
import { sanitizeSequence } from "../../html/sanitize-email-html.ts";

type Row = typeof emailTemplates.$inferSelect;

export type TemplateFilter = { search?: string; tag?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toDto(row: Row): Template {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    campaignName: row.campaignName,
    tags: row.tags,
    // Corrupted or foreign data reads as an empty sequence rather than failing the whole list.
    sequence: readTemplateSequence(row.templateData),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError("not_found", "Template not found");
}

export function createTemplateService(db: Db) {
  return {
    /** Newest updated first; search matches name, description or campaign name; tag is an exact tag. */
    async list(userId: string, filter: TemplateFilter = {}): Promise<Template[]> {
      const conditions: (SQL | undefined)[] = [eq(emailTemplates.userId, userId)];
      const search = filter.search?.trim();
      if (search) {
        const pattern = containsPattern(search);
        conditions.push(
          or(
            ilike(emailTemplates.name, pattern),
            ilike(emailTemplates.description, pattern),
            ilike(emailTemplates.campaignName, pattern),
          ),
        );
      }
      const tag = filter.tag?.trim();
      if (tag) conditions.push(arrayContains(emailTemplates.tags, [tag]));
      const rows = await db
        .select()
        .from(emailTemplates)
        .where(and(...conditions))
        .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.createdAt));
      return rows.map(toDto);
    },

    async get(userId: string, id: string): Promise<Template> {
      if (!UUID.test(id)) throw notFound();
      const [row] = await db
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId)));
      if (!row) throw notFound();
      return toDto(row);
    },

    async create(userId: string, input: TemplateInput): Promise<Template> {
      const [row] = await db
        .insert(emailTemplates)
        .values({
          userId,
          name: input.name.trim(),
          description: input.description?.trim() || null,
          campaignName: input.campaignName?.trim() || null,
          tags: normalizeTags(input.tags),
          templateData: toTemplateData(sanitizeSequence(input.sequence)),
        })
        .returning();
      if (!row) throw new Error("template insert returned no row");
      return toDto(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound();
      const deleted = await db
        .delete(emailTemplates)
        .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId)))
        .returning({ id: emailTemplates.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
