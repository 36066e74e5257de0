// The unknown merge tags of one variant of a step (A is the step's own texts),
// under its fields: 'Unknown merge tag: {{frist_name}}. Did you mean
// {{first_name}}?' with a button that renames every use. The launch refuses
// the same tags (step-texts.ts lists the texts for both).
import { AlertTriangle } from "lucide-react";
import { didYouMean, mergeTagToken, type UnknownMergeTag } from "#shared/sequences/merge-tags.ts";
import { Button } from "#web/components/ui/button.tsx";

export function UnknownMergeTags(props: {
  tags: readonly UnknownMergeTag[];
  /** 'Use {{first_name}}': rename `tag.name` to `suggestion` in this variant's texts. */
  onReplace: (name: string, suggestion: string) => void;
  /** Names the notice for a variant: 'Variant B'. */
  label?: string;
}) {
  const { tags } = props;
  if (tags.length === 0) return null;
  return (
    <div
      role="status"
      aria-label={props.label ? `${props.label} unknown merge tags` : undefined}
      className="space-y-1 text-sm text-warning-foreground dark:text-warning"
    >
      {tags.map((tag) => (
        <p key={tag.name} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          <span>
            Unknown merge tag: {mergeTagToken(tag.name)}.{didYouMean(tag)}
          </span>
          {tag.suggestion && (
            <Button
              variant="outline"
              size="sm"
              className="h-7"
              onClick={() => props.onReplace(tag.name, tag.suggestion!)}
            >
              Use {mergeTagToken(tag.suggestion)}
            </Button>
          )}
        </p>
      ))}
      <p className="text-muted-foreground">
        No imported column has {tags.length === 1 ? "this name" : "these names"}: the campaign cannot launch until{" "}
        {tags.length === 1 ? "it is" : "they are"} fixed.
      </p>
    </div>
  );
}
