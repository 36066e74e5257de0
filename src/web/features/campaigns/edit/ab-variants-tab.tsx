// The campaign's A/B variants (docs/product.md §10.3): per step with variants,
// a table of each variant's sent, opened (when tracked), replied and reply
// rate, why a winner was or was not picked, 'Pick as winner' (asks first), and
// the automatic winner's switch and settings.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { CampaignVariants, StepVariantsDto } from "#shared/sequences/ab-variants.schemas.ts";
import { type AbSettings, abSettingsForm, parseAbSettingsForm } from "#shared/sequences/ab-winner.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { api, unwrap } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { AutoWinnerCard } from "../ab-winner-fields.tsx";

const variantsKey = (id: string) => ["campaigns", id, "variants"] as const;

function useVariants(id: string) {
  return useQuery({
    queryKey: variantsKey(id),
    queryFn: async () => unwrap(await api.campaigns[":id"].variants.$get({ param: { id } })),
    // Sends and replies come in while the page is open.
    refetchInterval: 30_000,
  });
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

function StepTable({
  campaignId,
  step,
  opensTracked,
}: {
  campaignId: string;
  step: StepVariantsDto;
  opensTracked: boolean;
}) {
  const queryClient = useQueryClient();
  const title = `Email ${step.stepNumber}`;
  const pick = useMutation({
    mutationFn: async (variant: number) =>
      unwrap(
        await api.campaigns[":id"].steps[":stepId"].winner.$post({
          param: { id: campaignId, stepId: step.stepId },
          json: { variant },
        }),
      ),
    onSuccess: (data) => queryClient.setQueryData(variantsKey(campaignId), data),
  });
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <p role="status" className="text-sm">
          {step.winner ? (
            <span className="flex items-center gap-2">
              <Trophy className="size-4 text-primary" aria-hidden />
              <span>
                {step.winner.mode === "auto"
                  ? `Winner: Variant ${step.winner.letter} (chosen automatically): ${step.winner.reason}`
                  : `Winner: Variant ${step.winner.letter} (picked by hand)`}
              </span>
            </span>
          ) : (
            <span className="text-muted-foreground">No winner yet: {step.verdict.reason}</span>
          )}
        </p>
        <p className="text-muted-foreground text-xs">
          {step.unsent === 1 ? "1 contact has" : `${step.unsent} contacts have`} not been sent this step yet
          {step.winner ? " and will get the winner." : "."}
        </p>
      </CardHeader>
      <CardContent>
        <Table aria-label={`${title} variants`}>
          <TableHeader>
            <TableRow>
              <TableHead>Variant</TableHead>
              <TableHead>Subject</TableHead>
              <TableHead className="text-right">Sent</TableHead>
              {opensTracked && <TableHead className="text-right">Opened</TableHead>}
              <TableHead className="text-right">Replied</TableHead>
              <TableHead className="text-right">Reply rate</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {step.variants.map((v) => (
              <TableRow key={v.index}>
                <TableCell className="font-medium">{v.letter}</TableCell>
                <TableCell>
                  {v.subject}
                  {!v.ownBody && <span className="block text-muted-foreground text-xs">Subject only</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{v.sent}</TableCell>
                {opensTracked && <TableCell className="text-right tabular-nums">{v.opened ?? 0}</TableCell>}
                <TableCell className="text-right tabular-nums">{v.replied}</TableCell>
                <TableCell className="text-right tabular-nums">{percent(v.replyRate)}</TableCell>
                <TableCell className="text-right">
                  {step.winner?.index === v.index ? (
                    <Badge variant="secondary">Winner</Badge>
                  ) : (
                    <ConfirmDialog
                      title={`Pick variant ${v.letter} as the winner of ${title}?`}
                      description={`The contacts not yet sent ${title} (${step.unsent} now) get variant ${v.letter} from now on. Contacts already sent it keep what they got.`}
                      confirmLabel="Pick as winner"
                      busyLabel="Picking..."
                      onConfirm={async () => {
                        try {
                          await pick.mutateAsync(v.index);
                          toast.success(`Variant ${v.letter} is the winner of ${title}`);
                        } catch (err) {
                          toast.error("Could not pick the winner", {
                            description: err instanceof Error ? err.message : undefined,
                          });
                        }
                      }}
                      trigger={
                        <Button variant="outline" size="sm" aria-label={`Pick as winner: ${title} variant ${v.letter}`}>
                          Pick as winner
                        </Button>
                      }
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function AutoWinnerSettings({ campaignId, settings }: { campaignId: string; settings: AbSettings }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => abSettingsForm(settings));
  useEffect(() => setForm(abSettingsForm(settings)), [settings]);
  const check = parseAbSettingsForm(form);
  const save = useMutation({
    mutationFn: async (json: AbSettings) =>
      unwrap(await api.campaigns[":id"]["ab-settings"].$put({ param: { id: campaignId }, json })),
    onSuccess: (data: CampaignVariants) => queryClient.setQueryData(variantsKey(campaignId), data),
  });
  const changed =
    form.autoWinner !== settings.autoWinner ||
    Number(form.minSends) !== settings.minSends ||
    Number(form.confidence) !== settings.confidence;

  async function onSave() {
    if (!check.success) return;
    try {
      await save.mutateAsync(check.data);
      toast.success("A/B settings saved");
    } catch (err) {
      toast.error("Could not save the A/B settings", { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <AutoWinnerCard idPrefix="ab" value={form} onChange={setForm}>
      <Button onClick={() => void onSave()} disabled={!changed || !check.success || save.isPending}>
        {save.isPending ? "Saving..." : "Save A/B settings"}
      </Button>
    </AutoWinnerCard>
  );
}

export function AbVariantsTab({ campaignId }: { campaignId: string }) {
  const query = useVariants(campaignId);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading A/B variants" className="space-y-3">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return <LoadFailed message="Could not load the A/B variants" onRetry={() => void query.refetch()} />;
  }
  const data = query.data;
  return (
    <section aria-label="A/B variants" className="space-y-4">
      {data.steps.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No step of this campaign has A/B variants. Add one with 'Add variant' on a step in the Email Sequence tab.
        </p>
      ) : (
        data.steps.map((step) => (
          <StepTable key={step.stepId} campaignId={campaignId} step={step} opensTracked={data.opensTracked} />
        ))
      )}
      <AutoWinnerSettings campaignId={campaignId} settings={data.settings} />
    </section>
  );
}
