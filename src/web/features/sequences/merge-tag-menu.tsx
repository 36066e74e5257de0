// "Insert merge tag": the built-in tags and every imported column, inserted
// where the cursor was in the subject or the body.
import { Braces, ChevronDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { mergeTagToken } from "#shared/sequences/merge-tags.ts";
import { Button } from "#web/components/ui/button.tsx";

export function MergeTagMenu({ tags, onInsert }: { tags: string[]; onInsert: (token: string) => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Braces aria-hidden /> Insert merge tag <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          // The field that had the cursor gets focus back from onInsert, not the trigger.
          onCloseAutoFocus={(e) => e.preventDefault()}
          className="z-50 max-h-72 min-w-48 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md data-[state=closed]:animate-out data-[state=open]:animate-in data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-muted-foreground text-xs">Merge tags</DropdownMenu.Label>
          {tags.map((tag) => (
            <DropdownMenu.Item
              key={tag}
              onSelect={() => onInsert(mergeTagToken(tag))}
              className="cursor-default select-none rounded-sm px-2 py-1.5 font-mono text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
            >
              {mergeTagToken(tag)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
