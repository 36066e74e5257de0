import { ArrowLeft, ArrowRight, Check, Rocket, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  launchBlockedNote,
  launchFailureWarning,
  launchQueuedNote,
  launchSuccessMessage,
} from "#shared/sending/launch.schemas.ts";
import { FullPageSpinner } from "#web/components/full-page-spinner.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { ApiError, api, unwrap } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { LaunchedNotice } from "./launched-notice.tsx";
import { useReviewIssues } from "./steps/step-review.tsx";
import { toCreateInput } from "./to-create-input.ts";
import { useCreateAndLaunch } from "./use-launch-campaign.ts";
import { useWizardDraft } from "./use-wizard-draft.ts";
import type { WizardDraft } from "./wizard-draft.ts";
import { wizardSteps } from "./wizard-steps.ts";

// docs/product.md §9.9: the launch error toast stays 10 s, the partial-failure warning 8 s.
const LAUNCH_ERROR_MS = 10_000;
const LAUNCH_WARNING_MS = 8_000;
const NO_ANSWER = "The server did not answer. Check your connection and launch again.";

/** What became of a Launch whose answer never came: being asked, or stored as this campaign. */
type LastLaunch = { state: "unknown" } | { state: "checking" } | { state: "launched"; campaignId: string };

/** The campaign a Launch with this key stored, or null (it never reached the server, or was refused). */
async function launchedCampaign(launchKey: string): Promise<string | null> {
  try {
    return (await unwrap(await api.campaigns.launched[":launchKey"].$get({ param: { launchKey } }))).campaignId;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The six-step Create Campaign wizard (docs/product.md §9). Launch is one
 * request that stores and launches the campaign under the draft's launch key
 * (issue 26 §1). The draft is discarded only once the server has answered
 * that it launched; until then it stays, marked with when Launch was sent,
 * so a reload or a lost answer asks the server what became of it instead of
 * launching a second campaign.
 */
export function CreateCampaignPage() {
  const navigate = useNavigate();
  const { draft, update, saveNow, stepIndex, setStepIndex, loaded, restored, discard } = useWizardDraft();
  const createAndLaunch = useCreateAndLaunch();
  const [lastLaunch, setLastLaunch] = useState<LastLaunch>({ state: "unknown" });
  // Set synchronously on click: a second click before React re-renders the disabled button sends nothing.
  const sending = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const launching = submitting || lastLaunch.state === "checking";
  const issues = useReviewIssues(draft);

  /** Asks the server whether the draft's last Launch stored its campaign. */
  async function checkLastLaunch(current: WizardDraft, afterLostAnswer: boolean) {
    setLastLaunch({ state: "checking" });
    try {
      const campaignId = await launchedCampaign(current.launchKey);
      if (campaignId) {
        setLastLaunch({ state: "launched", campaignId });
        return;
      }
      // It never reached the server: the draft as it was, launchable again with the same key.
      setLastLaunch({ state: "unknown" });
      update({ launchSentAt: null });
      if (afterLostAnswer) toast.error(`Campaign Launch Failed: ${NO_ANSWER}`, { duration: LAUNCH_ERROR_MS });
    } catch (err) {
      // Still no answer: the mark stays (the next visit asks again); Launch again is safe with the same key.
      console.warn("could not ask what became of the last launch", err);
      setLastLaunch({ state: "unknown" });
      if (afterLostAnswer) toast.error(`Campaign Launch Failed: ${NO_ANSWER}`, { duration: LAUNCH_ERROR_MS });
    }
  }

  // An answer that comes after the user left the wizard still settles the draft, but moves no one.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Opened with a Launch that got no answer: ask once what became of it.
  const askedOnOpen = useRef(false);
  useEffect(() => {
    if (!loaded || askedOnOpen.current) return;
    askedOnOpen.current = true;
    if (draft.launchSentAt) void checkLastLaunch(draft, false);
  });

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
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    const sent = draft;
    try {
      // Stored before the request goes: a reload mid-request finds it.
      await saveNow(sent, { launchSentAt: new Date().toISOString() });
      let result: Awaited<ReturnType<typeof createAndLaunch.mutateAsync>>;
      try {
        result = await createAndLaunch.mutateAsync({ ...toCreateInput(sent), launchKey: sent.launchKey });
      } catch (err) {
        if (err instanceof ApiError && err.status < 500) {
          // Refused: nothing was stored. The draft stays, launchable again.
          update({ launchSentAt: null });
          launchFailed(err);
        } else {
          // No answer (or one that says nothing of what was stored): ask the server.
          console.warn("campaign launch got no answer", err);
          await checkLastLaunch(sent, true);
        }
        return;
      }
      // Launched: the draft is done with.
      await discard();
      const note = result.emailsQueued > 0 ? ` ${launchQueuedNote(result.emailsQueued)}` : "";
      const blocked = result.blocked > 0 ? ` ${launchBlockedNote(result.blocked)}` : "";
      toast.success(`${launchSuccessMessage(result.emailsSent)}${note}${blocked}`);
      if (result.emailsFailed > 0) {
        toast.warning(launchFailureWarning(result.emailsFailed), { duration: LAUNCH_WARNING_MS });
      }
      // Then the user returns to the campaign list.
      if (mounted.current) navigate("/campaigns-overview", { replace: true });
    } finally {
      sending.current = false;
      if (mounted.current) setSubmitting(false);
    }
  }

  function launchFailed(err: ApiError) {
    console.warn("campaign launch failed", err);
    toast.error(`Campaign Launch Failed: ${err.message}`, { duration: LAUNCH_ERROR_MS });
  }

  if (lastLaunch.state === "launched") {
    const { campaignId } = lastLaunch;
    return (
      <LaunchedNotice
        name={draft.name}
        onOpen={() => {
          void discard();
          navigate(`/campaigns/edit/${campaignId}`);
        }}
        onStartNew={() => {
          void discard();
          setLastLaunch({ state: "unknown" });
        }}
      />
    );
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
          <Button variant="outline" size="sm" onClick={() => void discard()} disabled={launching}>
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
          <Button onClick={() => void launch()} disabled={issues.length > 0 || launching} aria-busy={launching}>
            <Rocket aria-hidden /> {submitting ? "Launching..." : launching ? "Checking..." : "Launch Campaign"}
          </Button>
        )}
      </div>
    </div>
  );
}
