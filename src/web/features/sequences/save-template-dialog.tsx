// "Save as Template": the current sequence under a name, with an optional
// description and comma-separated tags.
import { Save } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { isBlankHtml } from "#shared/sequences/rich-text.ts";
import { isValidDraftStep, type SequenceDraftStep, toSequenceInput } from "#shared/sequences/sequence-draft.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#web/components/ui/dialog.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { parseTagList } from "../templates/template-tags.ts";
import { useSaveTemplate } from "../templates/use-templates.ts";

/** Steps worth saving: readable, and with a subject or a body. */
function savableSteps(steps: readonly unknown[]): SequenceDraftStep[] {
  return steps.filter(isValidDraftStep).filter((s) => {
    const hasBody = s.bodyFormat === "html" ? !isBlankHtml(s.body) : s.body.trim() !== "";
    return s.subject.trim() !== "" || hasBody;
  });
}

export function SaveTemplateDialog({ steps, campaignName }: { steps: readonly unknown[]; campaignName?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [tags, setTags] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const save = useSaveTemplate();

  const reset = () => {
    setName("");
    setDescription("");
    setTags("");
    setNameError(undefined);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError("Template name is required");
      return;
    }
    const sequence = savableSteps(steps);
    if (sequence.length === 0) {
      toast.error("No email sequence to save");
      return;
    }
    try {
      await save.mutateAsync({
        name: name.trim(),
        description: description.trim() || null,
        campaignName: campaignName?.trim() || null,
        tags: parseTagList(tags),
        sequence: toSequenceInput(sequence),
      });
      toast.success("Email template saved successfully");
      setOpen(false);
      reset();
    } catch (err) {
      console.warn("template save failed", err);
      toast.error("Failed to save email template. Please try again later.", {
        description: err instanceof ApiError && err.status === 400 ? err.message : undefined,
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setNameError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Save aria-hidden /> Save as Template
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Save as Template</DialogTitle>
            <DialogDescription>Keep this sequence to reuse it in other campaigns.</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-name`} label="Name *" error={nameError}>
            <Input
              id={`${id}-name`}
              value={name}
              placeholder="e.g., SaaS founder intro"
              aria-invalid={Boolean(nameError)}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(e) => {
                setName(e.target.value);
                if (e.target.value.trim()) setNameError(undefined);
              }}
            />
          </FormField>
          <FormField id={`${id}-description`} label="Description">
            <Textarea
              id={`${id}-description`}
              value={description}
              rows={3}
              placeholder="When to use this sequence"
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormField>
          <FormField id={`${id}-tags`} label="Tags" hint="Separate tags with commas, e.g. sales, follow-up">
            <Input
              id={`${id}-tags`}
              value={tags}
              placeholder="sales, follow-up"
              aria-describedby={`${id}-tags-hint`}
              onChange={(e) => setTags(e.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Template"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
