-- Errors recorded before the shown text was fixed words could hold a failed
-- query with its parameters (user ids, message text): replace them with the
-- sentence a database failure is shown as now (jobs/mailbox-sync-failures.ts).
UPDATE "mailbox_syncs" SET "last_error" = 'The mailbox sync could not save what it read (a database error). It will try again at the next sync.'
WHERE "last_error" LIKE 'Failed query:%' OR "last_error" ~* '\m(insert into|select .* from|update .* set|delete from)\M' OR "last_error" LIKE '%params:%';
