// One saved template in the library: what it is, and Preview / Use / Delete.
import { format } from "date-fns";
import { Eye, Mail, Trash2 } from "lucide-react";
import type { Template } from "#shared/templates/templates.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";

type Props = {
  template: Template;
  onPreview: () => void;
  onUse: () => void;
  onDelete: () => void;
};

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MMM dd, yyyy");
}

export function TemplateCard({ template, onPreview, onUse, onDelete }: Props) {
  const steps = template.sequence.length;
  return (
    <article
      aria-label={template.name}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h4 className="truncate font-semibold">{template.name}</h4>
          {template.description && <p className="line-clamp-2 text-muted-foreground text-sm">{template.description}</p>}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
          aria-label={`Delete template ${template.name}`}
          title="Delete template"
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {template.tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1">
          {template.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-auto flex items-center gap-3 text-muted-foreground text-xs">
        <span className="flex items-center gap-1">
          <Mail className="size-3.5" aria-hidden /> {steps} {steps === 1 ? "step" : "steps"}
        </span>
        <span>{formatDate(template.updatedAt)}</span>
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={onPreview}>
          <Eye aria-hidden /> Preview
        </Button>
        <Button size="sm" className="flex-1" onClick={onUse}>
          Use Template
        </Button>
      </div>
    </article>
  );
}
