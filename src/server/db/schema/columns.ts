/**
 * Column and constraint helpers shared by the schema files. Not re-exported from
 * index.ts: they are building blocks, not part of the schema object.
 */
import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, type ExtraConfigColumn, timestamp, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid("id").primaryKey().defaultRandom();

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => timestamptz("created_at").defaultNow().notNull();

/** Drizzle also sets it on every update it issues; raw SQL updates must set it themselves. */
export const updatedAt = () =>
  timestamptz("updated_at")
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());

// CHECK constraints are DDL and cannot take bind parameters, so the values are
// inlined as SQL literals. They come from the constant lists in #shared/db-enums.ts.
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map(literal).join(", ")}]::text[]`);

/** `column in ('a', 'b', …)` */
export const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map(literal).join(", "))})`;

/** Every element of a text[] column is one of `values`. */
export const isSubsetOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} <@ ${textArray(values)}`;

/** A 24-hour 'HH:MM' time of day (NULL passes, as in every CHECK). */
export const isTimeOfDay = (column: AnyPgColumn): SQL => sql`${column} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

/** `lower(column)`, for case-insensitive unique email indexes. */
export const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;

/**
 * Index key for a newest-first list. PostgreSQL's `ORDER BY x DESC` puts NULLs first;
 * Drizzle's `.desc()` alone builds `DESC NULLS LAST`, which the planner cannot use to
 * read rows in that order, so it would sort every matching row instead.
 */
export const descending = (column: ExtraConfigColumn) => column.desc().nullsFirst();
