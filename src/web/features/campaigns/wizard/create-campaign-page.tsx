import { ArrowLeft, ArrowRight, Check, Rocket, RotateCcw } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { launchFailureWarning, launchSuccessMessage } from "#shared/sending/launch.schemas.ts";
import { FullPageSpinner } from "#web/components/full-page-spinner.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { useCreateCampaign } from "../use-campaigns.ts";
import { useReviewIssues } from "./steps/step-review.tsx";
import { toCreateInput } from "./to-create-input.ts";
import { useLaunchCampaign } from "./use-launch-campaign.ts";
import { useWizardDraft } from "./use-wizard-draft.ts";
import { wizardSteps } from "./wizard-steps.ts";

// Spec part 2 §9: the launch error toast stays 10 s, the partial-failure warning 8 s.
const LAUNCH_ERROR_MS = 10_000;
const LAUNCH_WARNING_MS = 8_000;

/** The six-step Create Campaign wizard (spec part 2 §2.1). */
export function CreateCampaignPage() {
  const navigate = useNavigate();
  const { draft, update, stepIndex, setStepIndex, loaded, restored, discard } = useWizardDraft();
  const create = useCreateCampaign();
  const launchCampaign = useLaunchCampaign();
  const launching = create.isPending || launchCampaign.isPending;
  const issues = useReviewIssues(draft);

  if (!loaded) return <FullPageSpinner label="Loading your draft..." />;

  const last = wizardSteps.length - 1;
  const current = wizardSteps[stepIndex] ?? wizardSteps[0]!;
  const StepComponent = current.component;
  const percent = Math.round(((stepIndex + 1) / wizardSteps.length) * 100);
  const goTo = (index: number) => {
    setStepIndex(Math.min(Math.max(index, 0), last));
    document.querySelector("main")?.scrollTo?.({ top: 0 });
  };

  async function launch() {
    if (!draft.name.trim() || draft.senderAccounts.length === 0 || draft.sequence.length === 0) {
      toast.error("Please complete all required fields before launching the campaign.");
      return;
    }
    if (draft.contacts.length === 0) {
      toast.error("No contacts found. Please upload contacts before launching the campaign.");
      return;
    }
    let created: Awaited<ReturnType<typeof create.mutateAsync>>;
    try {
      created = await create.mutateAsync(toCreateInput(draft));
    } catch (err) {
      // Nothing was stored: the draft stays, so Launch can be tried again.
      launchFailed(err);
      return;
    }
    // Stored: the draft is done with, whatever launch does next.
    await discard();
    try {
      const result = await launchCampaign.mutateAsync(created.campaign.id);
      toast.success(launchSuccessMessage(result.emailsSent));
      if (result.emailsFailed > 0) {
        toast.warning(launchFailureWarning(result.emailsFailed), { duration: LAUNCH_WARNING_MS });
      }
    } catch (err) {
      // The campaign exists as a draft; the dashboard can activate it.
      launchFailed(err);
    }
    navigate("/", { replace: true });
  }

  function launchFailed(err: unknown) {
    const message = err instanceof ApiError ? err.message : "An unexpected error occurred. Please try again.";
    console.warn("campaign launch failed", err);
    toast.error(`Campaign Launch Failed: ${message}`, { duration: LAUNCH_ERROR_MS });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" asChild className="-ml-3">
          <Link to="/campaigns-overview">
            <ArrowLeft aria-hidden /> Back to Campaigns
          </Link>
        </Button>
        <div className="flex items-center gap-3 text-muted-foreground text-sm">
          {restored && <span>Draft restored from this browser</span>}
          <Button variant="outline" size="sm" onClick={() => void discard()}>
            <RotateCcw aria-hidden /> Start over
          </Button>
        </div>
      </div>
      <div className="space-y-2">
        <h1 className="font-semibold text-2xl tracking-tight">Create Campaign</h1>
        <div className="flex items-center justify-between text-muted-foreground text-sm">
          <span>
            Step {stepIndex + 1} of {wizardSteps.length}: {current.title}
          </span>
          <span>{percent}% complete</span>
        </div>
        <Progress value={percent} aria-label="Wizard progress" />
      </div>
      <ol className="grid grid-cols-3 gap-2 md:grid-cols-6" aria-label="Steps">
        {wizardSteps.map((s, i) => (
          <li key={s.title}>
            <button
              type="button"
              onClick={() => goTo(i)}
              aria-current={i === stepIndex ? "step" : undefined}
              className={cn(
                "flex w-full items-center gap-2 rounded-md p-2 text-left text-xs outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring md:text-sm",
                i === stepIndex && "bg-primary/10 font-medium text-primary",
              )}
            >
              <span
                className={cn(
                  "flex size-6 shrink-0 items-center justify-center rounded-full border font-semibold text-xs",
                  i < stepIndex && "border-primary bg-primary text-primary-foreground",
                  i === stepIndex && "border-primary text-primary",
                )}
              >
                {i < stepIndex ? <Check className="size-3.5" aria-hidden /> : i + 1}
              </span>
              <span className="leading-tight">{s.title}</span>
            </button>
          </li>
        ))}
      </ol>
      <section aria-label={current.title}>
        <StepComponent draft={draft} update={update} goNext={() => goTo(stepIndex + 1)} />
      </section>
      <div className="flex justify-between border-t pt-4">
        <Button variant="outline" onClick={() => goTo(stepIndex - 1)} disabled={stepIndex === 0}>
          <ArrowLeft aria-hidden /> Previous
        </Button>
        {stepIndex < last ? (
          <Button onClick={() => goTo(stepIndex + 1)}>
            Next <ArrowRight aria-hidden />
          </Button>
        ) : (
          <Button onClick={() => void launch()} disabled={issues.length > 0 || launching}>
            <Rocket aria-hidden /> {launching ? "Launching..." : "Launch Campaign"}
          </Button>
        )}
      </div>
    </div>
  );
}
