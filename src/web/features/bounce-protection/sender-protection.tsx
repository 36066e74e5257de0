// Bounce protection on a sender's card: its pause (the figure that paused it,
// and Resume), the thresholds it pauses at (its own, or the user's settings),
// and the dialog that sets its own. Thresholds belong to the mailbox address,
// so the dialog says they apply in every campaign that sends from it.
import { ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import type {
  BounceProtectionState,
  SenderProtection as Protection,
} from "#shared/bounce-protection/bounce-protection.schemas.ts";
import {
  formToProtection,
  protectionToForm,
  type SenderProtectionFormValues,
} from "#shared/bounce-protection/sender-protection-form.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { PauseFigure } from "./protection-banner.tsx";
import { ResumeButton } from "./resume-button.tsx";
import { useSaveSenderProtection, useSenderProtection } from "./use-bounce-protection.ts";

type UserFigures = BounceProtectionState["settings"];

function thresholdsText(own: Protection | undefined, user: UserFigures | undefined): string {
  if (user && !user.enabled) return "Bounce protection is off in Settings";
  const rate = own?.bounceRatePercent ?? user?.bounceRatePercent;
  const min = own?.minSends ?? user?.minSends;
  if (rate === undefined || min === undefined) return "Loading bounce protection…";
  const whose = own?.bounceRatePercent != null || own?.minSends != null ? "its own" : "your settings";
  return `Pauses at ${rate}% hard bounces of ${min.toLocaleString("en-US")}+ sends (${whose})`;
}

/** The pause (with Resume) when there is one, and the thresholds with a Bounce protection button. */
export function SenderProtection({ email }: { email: string }) {
  const { protection, isPending, data } = useSenderProtection(email);
  const user = data?.settings;
  const [open, setOpen] = useState(false);
  const pause = protection?.pause;
  return (
    <div className="space-y-2">
      {pause && (
        <div role="status" className="space-y-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
          <p className="font-medium">Paused by bounce protection</p>
          <p>
            <PauseFigure pause={pause} />
          </p>
          <p className="text-muted-foreground">It sends nothing, in any campaign, until you resume it.</p>
          <ResumeButton target={{ kind: "sender", email: protection.email }} />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="text-muted-foreground">
          {isPending ? "Loading bounce protection…" : thresholdsText(protection, user)}
        </span>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => setOpen(true)}
          aria-label={`Bounce protection of ${email}`}
          disabled={isPending}
        >
          <ShieldAlert aria-hidden /> Bounce protection
        </Button>
      </div>
      {open && <SenderProtectionDialog email={email} own={protection} user={user} onClose={() => setOpen(false)} />}
    </div>
  );
}

type Errors = Partial<Record<keyof SenderProtectionFormValues, string>>;

function SenderProtectionDialog({
  email,
  own,
  user,
  onClose,
}: {
  email: string;
  own: Protection | undefined;
  user: UserFigures | undefined;
  onClose: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState(() => protectionToForm(own));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSenderProtection();
  const hasOwn = own?.bounceRatePercent != null || own?.minSends != null;

  async function store(next: SenderProtectionFormValues, done: string) {
    const out = formToProtection(email, next);
    if (!out.ok) {
      setErrors(out.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(out.input);
      toast.success(done);
      onClose();
    } catch (err) {
      toast.error("Failed to save bounce protection", {
        description: err instanceof ApiError ? err.message : undefined,
      });
    }
  }

  const field = (name: keyof SenderProtectionFormValues, label: string, hint: string) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint} error={errors[name]}>
      <Input
        id={`${id}-${name}`}
        inputMode="decimal"
        value={values[name]}
        placeholder={
          name === "bounceRatePercent" ? String(user?.bounceRatePercent ?? "") : String(user?.minSends ?? "")
        }
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-${name}-error` : `${id}-${name}-hint`}
      />
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void store(values, "Bounce protection saved");
          }}
          noValidate
          className="space-y-4"
        >
          <DialogHeader>
            <DialogTitle className="break-all">Bounce protection of {email}</DialogTitle>
            <DialogDescription>
              This mailbox is paused, in every campaign that sends from it, when its hard bounces (the address or its
              domain does not exist) reach this rate of at least this many sends over the window set in Settings. Leave
              a field empty to use your settings.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            {field("bounceRatePercent", "Hard-bounce rate (%)", `Your settings: ${user?.bounceRatePercent ?? "…"}%.`)}
            {field("minSends", "Minimum sends", `Your settings: ${user?.minSends ?? "…"}.`)}
          </div>
          <DialogFooter className="gap-2">
            {hasOwn && (
              <Button
                type="button"
                variant="ghost"
                disabled={save.isPending}
                onClick={() =>
                  void store({ bounceRatePercent: "", minSends: "" }, "Bounce protection follows your settings")
                }
              >
                Use my settings
              </Button>
            )}
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
