import { UploadIcon } from "lucide-react";
import { type DragEvent, type ReactNode, useId, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";

type FileDropZoneProps = {
  accept: string;
  /** Accessible name of the file input. */
  label: string;
  hint: ReactNode;
  disabled?: boolean;
  onFile: (file: File) => void;
  children?: ReactNode;
};

/** A file chooser that also takes a dropped file. Only the first file of a drop is used. */
export function FileDropZone({ accept, label, hint, disabled, onFile, children }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const onDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; keyboard and screen-reader users have the Choose File button.
    <div
      data-dragging={dragging || undefined}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed p-8 text-center transition-colors",
        dragging ? "border-primary bg-primary/5" : "border-muted-foreground/25",
      )}
    >
      {children ?? (
        <>
          <UploadIcon aria-hidden className="size-8 text-muted-foreground" />
          <p id={hintId} className="text-muted-foreground text-sm">
            {hint}
          </p>
          <Button type="button" disabled={disabled} onClick={() => input.current?.click()}>
            Choose File
          </Button>
        </>
      )}
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        accept={accept}
        aria-label={label}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still fires a change.
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
