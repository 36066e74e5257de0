import { FormField } from "#web/components/form-field.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import type { StepProps } from "../wizard-draft.ts";

export function DetailsStep({ draft, update }: StepProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Campaign Details</h2>
          </CardTitle>
          <CardDescription>Name your campaign so you can find it later.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <FormField id="campaign-name" label="Campaign Name *" hint="Choose a descriptive name for your campaign">
            <Input
              id="campaign-name"
              placeholder="e.g., Product Launch Outreach"
              aria-required="true"
              aria-describedby="campaign-name-hint"
              maxLength={200}
              value={draft.name}
              onChange={(e) => update({ name: e.target.value })}
            />
          </FormField>
          <FormField id="campaign-description" label="Description">
            <Textarea
              id="campaign-description"
              rows={4}
              maxLength={2000}
              placeholder="What is this campaign about? (optional)"
              value={draft.description}
              onChange={(e) => update({ description: e.target.value })}
            />
          </FormField>
        </CardContent>
      </Card>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>
            <h3>Summary</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Name</dt>
              <dd className="break-words font-medium">{draft.name.trim() || "Not set"}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Description</dt>
              <dd className="break-words font-medium">{draft.description.trim() || "Not set"}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
