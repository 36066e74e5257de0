import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useMemo } from "react";
import { estimateSendDays, formatDays, sequenceDurationDays } from "#shared/campaigns/campaign-estimates.ts";
import { reviewIssues } from "#shared/campaigns/review-issues.ts";
import { senderHealthWarnings } from "#shared/campaigns/sender-health-warnings.ts";
import { countByZone } from "#shared/contacts/zone-counts.ts";
import { providerLabels } from "#shared/senders/senders.schemas.ts";
import type { SchedulePreviewInput } from "#shared/sending/schedule-preview.schemas.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";
import { useAppInfo } from "../../../app-info/use-app-info.ts";
import { ZoneCountsLine } from "../../../contacts/contact-time-zone.tsx";
import { useSenderHealth } from "../../../senders/use-sender-health.ts";
import { useSendersQuery } from "../../../senders/use-senders.ts";
import { useSettingsQuery } from "../../../settings/use-settings.ts";
import { BookingLinkChoice } from "../../booking-link-choice.tsx";
import { CampaignPacingOptions } from "../../campaign-pacing-options.tsx";
import { SchedulePreviewSection, useDraftSchedulePreview } from "../../schedule-preview.tsx";
import { SendingOptions } from "../../sending-options.tsx";
import { draftContacts, toCreateInput } from "../to-create-input.ts";
import { useDraftMergeTagColumns } from "../use-draft-merge-tag-columns.ts";
import { draftAbSettings, type StepProps, type WizardDraft } from "../wizard-draft.ts";

const PREVIEW_CONTACTS = 6;

/**
 * In live mode a sender needs a working connection: an imported saved sender
 * that can send. Manually added senders have none until set up in Senders.
 */
function useSendersWithoutConnection(draft: WizardDraft): string[] {
  const info = useAppInfo();
  const live = info.data?.mailDelivery === "live";
  // Shares the Senders page's cache entry (same key, same shape).
  const saved = useSendersQuery();
  if (!live) return [];
  const canSend = new Set((saved.data ?? []).filter((s) => s.canSend).map((s) => s.id));
  return draft.senderAccounts.filter((s) => !s.savedSenderId || !canSend.has(s.savedSenderId)).map((s) => s.email);
}

export function useReviewIssues(draft: WizardDraft): string[] {
  const withoutConnection = useSendersWithoutConnection(draft);
  // As the launch will check them (the sequence step's editor flags the same).
  const columns = useDraftMergeTagColumns(draft);
  return reviewIssues({
    columns,
    name: draft.name,
    senderCount: draft.senderAccounts.length,
    contactCount: draft.contacts.length,
    steps: draft.sequence,
    sendersWithoutConnection: withoutConnection,
    hasBookingLink: Boolean(draft.bookingLinkId),
    abSettings: draftAbSettings(draft),
  });
}

/**
 * Chosen senders that are At risk or paused (the Senders page's health, the
 * same cache entry): warnings that leave Launch enabled.
 */
function useSenderHealthWarnings(draft: WizardDraft): string[] {
  const health = useSenderHealth();
  return senderHealthWarnings(
    draft.senderAccounts.map((s) => s.email),
    health.data ?? [],
  );
}

function SenderHealthWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-label="Sender warnings" className="flex gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4">
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning-foreground dark:text-warning" aria-hidden />
      <div>
        <h2 className="font-semibold">Sender warnings</h2>
        <ul className="mt-1 list-disc pl-5 text-sm">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
        <p className="mt-1 text-muted-foreground text-sm">These do not stop the launch.</p>
      </div>
    </section>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">{children}</CardContent>
    </Card>
  );
}

/** The draft's contacts per time zone, as they will be stored (no campaign on the server yet to count them). */
function useDraftZoneCounts(draft: WizardDraft) {
  const { contacts, emailColumn, selectedColumns } = draft;
  return useMemo(
    () => countByZone(draftContacts({ emailColumn, selectedColumns }, contacts).map((c) => c.timezone)),
    [contacts, emailColumn, selectedColumns],
  );
}

/** The draft as the schedule preview plans it (null: no sender, contact or step yet). */
function usePreviewInput(draft: WizardDraft): SchedulePreviewInput | null {
  return useMemo(() => {
    const input = toCreateInput(draft);
    if (!input.senderAccounts.length || !input.contacts.length || !input.sequence.length) return null;
    return {
      senderAccounts: input.senderAccounts.map((s) => ({ email: s.email, dailyLimit: s.dailyLimit })),
      contacts: input.contacts.map((c) => ({ timezone: c.timezone })),
      sequence: input.sequence.map(({ delayAmount, delayUnit, scheduledDate, scheduledTime }) => ({
        delayAmount,
        delayUnit,
        scheduledDate,
        scheduledTime,
      })),
      dailyNewContactsLimit: input.dailyNewContactsLimit ?? null,
    };
  }, [draft]);
}

export function ReviewStep({ draft, update }: StepProps) {
  const schedule = useDraftSchedulePreview(usePreviewInput(draft));
  const issues = useReviewIssues(draft);
  const warnings = useSenderHealthWarnings(draft);
  const zoneCounts = useDraftZoneCounts(draft);
  const settings = useSettingsQuery();
  const totalDaily = draft.senderAccounts.reduce((sum, s) => sum + s.dailyLimit, 0);
  const sendDays = estimateSendDays(
    draft.contacts.length,
    draft.senderAccounts.map((s) => s.dailyLimit),
  );
  const duration = sequenceDurationDays(
    draft.sequence.map((s) => ({ delayAmount: s.delay, delayUnit: s.delayUnit, scheduledDate: s.scheduledDate })),
  );
  const shown = draft.contacts.slice(0, PREVIEW_CONTACTS);
  const more = draft.contacts.length - shown.length;

  return (
    <div className="space-y-6">
      <div
        role="status"
        className={cn(
          "flex gap-3 rounded-lg border p-4",
          issues.length ? "border-destructive/40 bg-destructive/10" : "border-success/40 bg-success/10",
        )}
      >
        {issues.length ? (
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        ) : (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        )}
        <div>
          <p className="font-semibold">{issues.length ? "Issues Found" : "Ready to Launch"}</p>
          {issues.length ? (
            <ul className="mt-1 list-disc pl-5 text-sm">
              {issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">
              Everything is in place. Launching creates the campaign with its senders, contacts and sequence.
            </p>
          )}
        </div>
      </div>
      <SenderHealthWarnings warnings={warnings} />
      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Campaign Overview">
          <p>
            <span className="text-muted-foreground">Name: </span>
            <span className="font-medium">{draft.name.trim() || "Not set"}</span>
          </p>
          <p>
            <span className="text-muted-foreground">Description: </span>
            {draft.description.trim() || "Not set"}
          </p>
        </Section>
        <Section title="Sender Accounts">
          <p>
            {draft.senderAccounts.length} {draft.senderAccounts.length === 1 ? "account" : "accounts"}, total daily
            limit <span className="font-medium">{totalDaily} emails/day</span> (round-robin)
          </p>
          <ul className="space-y-1">
            {draft.senderAccounts.map((s) => (
              <li key={s.localId} className="flex justify-between gap-2">
                <span className="truncate">{s.email}</span>
                <span className="shrink-0 text-muted-foreground">
                  {providerLabels[s.provider]} · {s.dailyLimit}/day
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Contacts">
          <p>
            <span className="font-medium">{draft.contacts.length}</span> contacts · estimated duration{" "}
            <span className="font-medium">{formatDays(sendDays)}</span>
          </p>
          <ul className="space-y-1">
            {shown.map((c) => (
              <li key={c[draft.emailColumn]} className="truncate">
                {c[draft.emailColumn]}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="text-muted-foreground">+{more} more</p>}
          <ZoneCountsLine counts={zoneCounts} userZone={settings.data?.timezone} />
        </Section>
        <Section title="Email Sequence">
          <p>
            {draft.sequence.length} {draft.sequence.length === 1 ? "step" : "steps"} over{" "}
            <span className="font-medium">{formatDays(duration)}</span> · Follow-up strategy: Stop on reply
          </p>
          <ol className="list-decimal space-y-1 pl-5">
            {draft.sequence.map((s) => (
              <li key={s.id} className="truncate">
                {s.subject.trim() || <span className="text-muted-foreground">(no subject)</span>}
              </li>
            ))}
          </ol>
        </Section>
      </div>
      <Section title="Schedule preview">
        <SchedulePreviewSection
          query={schedule}
          empty={
            draft.senderAccounts.length && draft.contacts.length && draft.sequence.length
              ? undefined
              : "Add senders, contacts and a step to see when the emails will go out."
          }
        />
      </Section>
      <Section title="Sending Options">
        <SendingOptions
          idPrefix="wizard"
          value={{
            trackOpens: draft.trackOpens ?? null,
            trackClicks: draft.trackClicks ?? false,
            sendAs: draft.sendAs ?? "html",
          }}
          onChange={(patch) => update(patch)}
        />
        <BookingLinkChoice
          idPrefix="wizard"
          value={draft.bookingLinkId ?? null}
          onChange={(bookingLinkId) => update({ bookingLinkId })}
        />
        <CampaignPacingOptions
          value={{
            dailyNewContactsLimit: draft.dailyNewContactsLimit ?? null,
            stopOnCompanyReply: draft.stopOnCompanyReply ?? false,
          }}
          onChange={(patch) => update(patch)}
        />
      </Section>
    </div>
  );
}
