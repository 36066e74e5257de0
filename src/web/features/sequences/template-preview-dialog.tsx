// Preview: every step of a saved template, merge tags shown as written.

import { fromSequenceInput } from "#shared/sequences/sequence-draft.ts";
import type { Template } from "#shared/templates/templates.schemas.ts";
import { Button } from "#web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";
import { RenderedEmail } from "./rendered-email.tsx";
import { describeStepTiming } from "./step-rendering.ts";

type Props = { template: Template | null; onClose: () => void; onUse: (template: Template) => void };

export function TemplatePreviewDialog({ template, onClose, onUse }: Props) {
  const steps = template ? fromSequenceInput(template.sequence, () => crypto.randomUUID()) : [];
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template?.name}</DialogTitle>
          <DialogDescription>
            {template?.description || `${steps.length} ${steps.length === 1 ? "email" : "emails"} in this template`}
          </DialogDescription>
        </DialogHeader>
        {steps.length === 0 ? (
          <p role="alert" className="text-destructive text-sm">
            Template data is corrupted or incomplete
          </p>
        ) : (
          <ol className="space-y-3">
            {steps.map((step, index) => (
              <li key={step.id} className="space-y-2 rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-sm">Email {index + 1}</h3>
                  <span className="text-muted-foreground text-xs">{describeStepTiming(step, index)}</span>
                </div>
                <RenderedEmail email={step} />
              </li>
            ))}
          </ol>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {template && steps.length > 0 && <Button onClick={() => onUse(template)}>Use Template</Button>}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
