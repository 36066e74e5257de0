import { format } from "date-fns";
import { ArrowLeft, Save } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { updateCampaignInputSchema } from "#shared/campaigns/campaigns.schemas.ts";
import { FormField } from "#web/components/form-field.tsx";
import { FullPageSpinner } from "#web/components/full-page-spinner.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { UnsavedChangesGuard } from "#web/components/unsaved-changes-guard.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { ProtectionBanner } from "../../bounce-protection/protection-banner.tsx";
import { RetryFailedButton } from "../../sending/retry-failed-button.tsx";
import { UnknownSendsPanel } from "../../sending/unknown-sends-panel.tsx";
import { SequenceEditor } from "../../sequences/sequence-editor.tsx";
import { CampaignClicksTab } from "../../tracking/campaign-clicks-tab.tsx";
import { BookingLinkChoice } from "../booking-link-choice.tsx";
import { CampaignPacingOptions } from "../campaign-pacing-options.tsx";
import { CampaignStatusBadge } from "../campaign-status-badge.tsx";
import { CloneCampaignButton } from "../clone-campaign-button.tsx";
import { CampaignSchedulePreview } from "../schedule-preview.tsx";
import { SendingOptions } from "../sending-options.tsx";
import { useCampaign, useUpdateCampaign } from "../use-campaigns.ts";
import { AbVariantsTab } from "./ab-variants-tab.tsx";
import { ContactsTab } from "./contacts-tab.tsx";
import { type EditState, toEditState, toUpdateInput } from "./edit-state.ts";
import { SendersTab } from "./senders-tab.tsx";
import { SendersThatCannotSend } from "./senders-that-cannot-send.tsx";
import { useSequencePreviewContacts } from "./use-sequence-preview-contacts.ts";

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy 'at' h:mm a");

function NotFound() {
  return (
    <Card>
      <CardContent className="space-y-3 py-10 text-center">
        <h1 className="font-semibold text-xl">Campaign not found</h1>
        <p className="text-muted-foreground">
          The campaign you're trying to edit doesn't exist or you don't have permission to edit it.
        </p>
        <Button asChild variant="outline">
          <Link to="/">Back to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Edit Campaign (docs/product.md §10.1): Details, Contacts, Email Sequence, Sender Accounts, A/B Variants and
 * Clicks tabs; Retry failed sends (§11.6) and Clone (§10.4).
 */
export function EditCampaignPage() {
  const { id = "" } = useParams();
  const query = useCampaign(id);
  const save = useUpdateCampaign(id);
  const [state, setState] = useState<EditState | null>(null);
  const preview = useSequencePreviewContacts(id);

  // Take the server's copy when it first arrives and after each save.
  useEffect(() => {
    if (query.data) setState(toEditState(query.data));
  }, [query.data]);

  const dirty = useMemo(
    () => Boolean(state && query.data && JSON.stringify(state) !== JSON.stringify(toEditState(query.data))),
    [state, query.data],
  );

  if (query.isPending) return <FullPageSpinner label="Loading campaign..." />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <p role="alert" className="text-destructive">
        Failed to load campaign data
      </p>
    );
  }
  if (!state) return null;
  const detail = query.data;

  async function onSave() {
    if (!state) return;
    const input = toUpdateInput(state, detail);
    const check = updateCampaignInputSchema.safeParse(input);
    if (!check.success) {
      toast.error("Failed to save campaign changes", { description: check.error.issues[0]?.message });
      return;
    }
    try {
      await save.mutateAsync(check.data);
      toast.success("Campaign updated successfully");
    } catch (err) {
      console.warn("campaign save failed", err);
      toast.error("Failed to save campaign changes", { description: err instanceof Error ? err.message : undefined });
    }
  }

  const update = (patch: Partial<EditState>) => setState((s) => (s ? { ...s, ...patch } : s));

  return (
    <div className="space-y-6">
      <UnsavedChangesGuard when={dirty && !save.isPending} />
      <Button variant="ghost" asChild className="-ml-3">
        <Link to="/">
          <ArrowLeft aria-hidden /> Back to Campaigns
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-semibold text-2xl tracking-tight">Edit Campaign</h1>
            <CampaignStatusBadge status={detail.campaign.displayStatus} />
          </div>
          <p className="text-muted-foreground">{detail.campaign.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RetryFailedButton campaignId={id} />
          <CloneCampaignButton campaign={detail.campaign} />
          <Button onClick={() => void onSave()} disabled={!dirty || save.isPending}>
            <Save aria-hidden /> {save.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </div>
      <ProtectionBanner campaignId={id} senderEmails={detail.senders.map((s) => s.email)} />
      <UnknownSendsPanel campaignId={id} />
      <SendersThatCannotSend senders={detail.senders} />
      <Tabs defaultValue="details">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="contacts">Contacts ({detail.contactCount})</TabsTrigger>
          <TabsTrigger value="sequence">Email Sequence ({state.sequence.length})</TabsTrigger>
          <TabsTrigger value="senders">Sender Accounts ({state.senders.length})</TabsTrigger>
          <TabsTrigger value="variants">A/B Variants</TabsTrigger>
          <TabsTrigger value="clicks">Clicks</TabsTrigger>
        </TabsList>
        <TabsContent value="details" className="pt-4">
          <Card>
            <CardContent className="space-y-5 pt-6">
              <FormField id="edit-name" label="Campaign Name *">
                <Input
                  id="edit-name"
                  aria-required="true"
                  maxLength={200}
                  value={state.name}
                  onChange={(e) => update({ name: e.target.value })}
                />
              </FormField>
              <FormField id="edit-description" label="Description">
                <Textarea
                  id="edit-description"
                  rows={4}
                  maxLength={2000}
                  value={state.description}
                  onChange={(e) => update({ description: e.target.value })}
                />
              </FormField>
              <section aria-labelledby="edit-sending-options" className="space-y-3">
                <h2 id="edit-sending-options" className="font-medium text-sm">
                  Sending Options
                </h2>
                <SendingOptions
                  idPrefix="edit"
                  value={{ trackOpens: state.trackOpens, trackClicks: state.trackClicks, sendAs: state.sendAs }}
                  onChange={(patch) => update(patch)}
                />
                <BookingLinkChoice
                  idPrefix="edit"
                  value={state.bookingLinkId}
                  onChange={(bookingLinkId) => update({ bookingLinkId })}
                />
                <CampaignPacingOptions
                  value={{
                    dailyNewContactsLimit: state.dailyNewContactsLimit,
                    stopOnCompanyReply: state.stopOnCompanyReply,
                  }}
                  onChange={(patch) => update(patch)}
                />
              </section>
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-muted-foreground">Created</dt>
                  <dd>{when(detail.campaign.createdAt)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Last updated</dt>
                  <dd>{when(detail.campaign.updatedAt)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          <CampaignSchedulePreview campaignId={id} />
        </TabsContent>
        <TabsContent value="contacts" className="pt-4">
          <ContactsTab campaignId={id} />
        </TabsContent>
        <TabsContent value="sequence" className="pt-4">
          <SequenceEditor
            steps={state.sequence}
            onChange={(sequence) => update({ sequence })}
            contacts={preview.contacts}
            columns={preview.columns}
            knownColumns={detail.mergeTagColumns}
            campaignName={state.name}
          />
        </TabsContent>
        <TabsContent value="senders" className="pt-4">
          <SendersTab senders={state.senders} onChange={(senders) => update({ senders })} />
        </TabsContent>
        <TabsContent value="variants" className="pt-4">
          <AbVariantsTab campaignId={id} />
        </TabsContent>
        <TabsContent value="clicks" className="pt-4">
          <CampaignClicksTab campaignId={id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
