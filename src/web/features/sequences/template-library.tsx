// The template library beside the sequence editor: search, tag filter, saved
// templates (Preview, Use Template, Delete) and Save as Template. If it fails,
// the user can still write the sequence by hand.
import { BookOpen, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { fromSequenceInput, type SequenceDraftStep } from "#shared/sequences/sequence-draft.ts";
import type { Template } from "#shared/templates/templates.schemas.ts";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { toast } from "#web/lib/toast.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { collectTags } from "../templates/template-tags.ts";
import { useTemplatesQuery } from "../templates/use-templates.ts";
import { DeleteTemplateDialog } from "./delete-template-dialog.tsx";
import { ErrorBoundary } from "./error-boundary.tsx";
import { SaveTemplateDialog } from "./save-template-dialog.tsx";
import { TemplateCard } from "./template-card.tsx";
import { TemplatePreviewDialog } from "./template-preview-dialog.tsx";

const ALL_TAGS = "__all__";
const SEARCH_DELAY_MS = 250;

type Props = {
  steps: readonly unknown[];
  /** Replaces the whole sequence. */
  onLoad: (steps: SequenceDraftStep[]) => void;
  campaignName?: string;
};

export function TemplateLibraryUnavailable() {
  return (
    <Card role="alert" className="border-warning/60">
      <CardHeader>
        <CardTitle>Template Library Unavailable</CardTitle>
        <CardDescription>
          The template library is currently unavailable. You can still create your email sequence manually.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function TemplateLibraryPanel({ steps, onLoad, campaignName }: Props) {
  const [searchText, setSearchText] = useState("");
  const [tag, setTag] = useState(ALL_TAGS);
  const search = useDebounced(searchText, SEARCH_DELAY_MS);
  const filter = { search, tag: tag === ALL_TAGS ? "" : tag };
  const templates = useTemplatesQuery(filter);
  // The tag list comes from the whole library, so choosing a tag does not hide the others.
  const everything = useTemplatesQuery({ search: "", tag: "" });
  const tags = useMemo(() => collectTags(everything.data ?? []), [everything.data]);
  const [previewing, setPreviewing] = useState<Template | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);

  const use = (template: Template) => {
    if (!Array.isArray(template.sequence) || template.sequence.length === 0) {
      toast.error("Template data is corrupted or incomplete");
      return;
    }
    try {
      onLoad(fromSequenceInput(template.sequence, () => crypto.randomUUID()));
      setPreviewing(null);
      toast.success("Template Loaded", { description: `“${template.name}” replaced your email sequence.` });
    } catch (err) {
      console.warn("template load failed", err);
      toast.error("Failed to load template. Please try again.");
    }
  };

  const preview = (template: Template) => {
    if (!Array.isArray(template.sequence)) {
      toast.error("Failed to preview template. Please try again.");
      return;
    }
    setPreviewing(template);
  };

  const list = templates.data ?? [];
  const filtered = search.trim() !== "" || tag !== ALL_TAGS;

  return (
    <Card aria-labelledby="template-library-title" role="region" className="gap-4">
      <CardHeader>
        <CardTitle id="template-library-title" className="flex items-center gap-2">
          <BookOpen className="size-4" aria-hidden /> Template Library
        </CardTitle>
        <CardDescription>Start from a saved sequence, or save this one to reuse it.</CardDescription>
        <CardAction>
          <SaveTemplateDialog steps={steps} campaignName={campaignName} />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <Search
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Search templates..."
              aria-label="Search templates"
              className="pl-9"
            />
          </div>
          <Select value={tag} onValueChange={setTag}>
            <SelectTrigger aria-label="Filter by tag" className="w-full sm:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_TAGS}>All tags</SelectItem>
              {tags.map((t) => (
                <SelectItem key={t} value={t}>
                  {t}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {templates.isPending ? (
          <div
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            role="status"
            aria-busy="true"
            aria-label="Loading templates"
          >
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
            <Skeleton className="hidden h-40 lg:block" />
          </div>
        ) : list.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground text-sm">
            {filtered
              ? "No templates match your search."
              : "No templates yet. Save your sequence as a template to reuse it in other campaigns."}
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                onPreview={() => preview(template)}
                onUse={() => use(template)}
                onDelete={() => setDeleting(template)}
              />
            ))}
          </div>
        )}
      </CardContent>
      <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} onUse={use} />
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

export function TemplateLibrary(props: Props) {
  return (
    <ErrorBoundary name="template library" fallback={() => <TemplateLibraryUnavailable />}>
      <TemplateLibraryPanel {...props} />
    </ErrorBoundary>
  );
}
