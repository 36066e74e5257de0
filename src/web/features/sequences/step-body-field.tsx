// The body of a step: a Plain text / Rich text switch over the two editors.
// Rich → plain strips the markup; plain → rich turns paragraphs into <p>.
import { ToggleGroup } from "radix-ui";
import { lazy, type Ref, Suspense } from "react";
import type { BodyFormat } from "#shared/db-enums.ts";
import { htmlToPlainText, plainTextToHtml } from "#shared/sequences/rich-text.ts";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";
import { PlainTextEditor } from "./plain-text-editor.tsx";
import type { BodyEditorHandle } from "./rich-text-editor.tsx";

// TipTap is most of this feature's weight: it loads when a body is first switched to rich text.
const RichTextEditor = lazy(() => import("./rich-text-editor.tsx").then((m) => ({ default: m.RichTextEditor })));

type Props = {
  id: string;
  label: string;
  body: string;
  format: BodyFormat;
  onChange: (patch: { body: string; bodyFormat?: BodyFormat }) => void;
  editorRef: Ref<BodyEditorHandle>;
  onFocus?: () => void;
};

const formatLabels: Record<BodyFormat, string> = { text: "Plain text", html: "Rich text" };

export function BodyFormatSwitch({
  format,
  onFormatChange,
  label,
}: {
  format: BodyFormat;
  onFormatChange: (next: BodyFormat) => void;
  label: string;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={format}
      aria-label={label}
      onValueChange={(next) => next && onFormatChange(next as BodyFormat)}
      className="inline-flex rounded-md border bg-muted/50 p-0.5"
    >
      {(["text", "html"] as const).map((value) => (
        <ToggleGroup.Item
          key={value}
          value={value}
          className={cn(
            "rounded-sm px-2.5 py-1 font-medium text-muted-foreground text-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
            "data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-xs",
          )}
        >
          {formatLabels[value]}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

export function convertBody(body: string, from: BodyFormat, to: BodyFormat): string {
  if (from === to) return body;
  return to === "text" ? htmlToPlainText(body) : plainTextToHtml(body);
}

export function StepBodyField({ id, label, body, format, onChange, editorRef, onFocus }: Props) {
  return format === "html" ? (
    <Suspense fallback={<Skeleton role="status" aria-label="Loading the editor" className="h-52 w-full" />}>
      <RichTextEditor
        id={id}
        label={label}
        value={body}
        onChange={(html) => onChange({ body: html })}
        ref={editorRef}
        onFocus={onFocus}
      />
    </Suspense>
  ) : (
    <PlainTextEditor
      id={id}
      value={body}
      onChange={(text) => onChange({ body: text })}
      ref={editorRef}
      onFocus={onFocus}
    />
  );
}
