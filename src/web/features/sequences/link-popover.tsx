// Add, change or remove the link on the selected text (or insert a linked
// address when nothing is selected).
import type { Editor } from "@tiptap/react";
import { Link2 } from "lucide-react";
import { Popover } from "radix-ui";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { cn } from "#web/lib/cn.ts";
import { normalizeLinkInput } from "./link-url.ts";

export function LinkPopover({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();

  const onOpenChange = (next: boolean) => {
    if (next) {
      setUrl((editor.getAttributes("link").href as string | undefined) ?? "");
      setError(undefined);
    }
    setOpen(next);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const href = normalizeLinkInput(url);
    if (!href) {
      setError("Enter a web address (https://…), an email address or a merge tag");
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !active) {
      chain.insertContent({ type: "text", text: url.trim(), marks: [{ type: "link", attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    setOpen(false);
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label="Link"
          title="Link"
          aria-pressed={active}
          onMouseDown={(e) => e.preventDefault()}
          className={cn(
            "inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4",
            active && "bg-accent text-accent-foreground",
          )}
        >
          <Link2 aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-80 rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-none data-[state=closed]:animate-out data-[state=open]:animate-in data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0"
        >
          <form onSubmit={apply} className="space-y-3" noValidate>
            <div className="space-y-2">
              <Label htmlFor={inputId}>Link URL</Label>
              <Input
                id={inputId}
                value={url}
                placeholder="https://example.com"
                aria-invalid={Boolean(error)}
                onChange={(e) => setUrl(e.target.value)}
              />
              <FieldError message={error} />
            </div>
            <div className="flex justify-end gap-2">
              {active && (
                <Button type="button" variant="ghost" size="sm" onClick={remove}>
                  Remove link
                </Button>
              )}
              <Button type="submit" size="sm">
                Apply
              </Button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
