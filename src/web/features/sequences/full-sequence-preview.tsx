// Preview Mode: the whole sequence as the chosen contact would receive it,
// spintax picked as for that contact; Shuffle shows other picks. A step whose
// stored data is broken says so instead of taking the page down.
import { AlertTriangle, Clock, Shuffle } from "lucide-react";
import { useState } from "react";
import type { MergeContext } from "#shared/sequences/merge-tags.ts";
import { isValidDraftStep } from "#shared/sequences/sequence-draft.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { RenderedEmail } from "./rendered-email.tsx";
import { describeStepTiming, hasSpintaxChoice, renderStepPreview } from "./step-rendering.ts";

export function CorruptedStepNotice({ number }: { number: number }) {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-md border border-destructive/40 p-3 text-destructive text-sm"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden /> Email step {number} data is corrupted
    </p>
  );
}

export function FullSequencePreview({
  steps,
  context,
  previewKey,
}: {
  steps: readonly unknown[];
  context: MergeContext;
  previewKey: string;
}) {
  const [shuffle, setShuffle] = useState(0);
  const canShuffle = steps.some((step) => isValidDraftStep(step) && hasSpintaxChoice(step));
  return (
    <div className="space-y-3">
      {canShuffle && (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={() => setShuffle((n) => n + 1)}>
            <Shuffle aria-hidden /> Shuffle
          </Button>
        </div>
      )}
      <ol aria-label="Sequence preview" className="space-y-4">
        {steps.map((step, index) => {
          const number = index + 1;
          const key = isValidDraftStep(step) ? step.id : `broken-${index}`;
          return (
            <li key={key}>
              {isValidDraftStep(step) ? (
                <Card className="gap-3 py-4">
                  <CardHeader className="px-4">
                    <CardTitle className="flex flex-wrap items-center justify-between gap-2">
                      <h3>Email {number}</h3>
                      <span className="flex items-center gap-1.5 font-normal text-muted-foreground text-xs">
                        <Clock className="size-3.5" aria-hidden /> {describeStepTiming(step, index)}
                      </span>
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="px-4">
                    <RenderedEmail
                      email={renderStepPreview(step, context, { contactKey: previewKey, stepNumber: number, shuffle })}
                    />
                  </CardContent>
                </Card>
              ) : (
                <CorruptedStepNotice number={number} />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
