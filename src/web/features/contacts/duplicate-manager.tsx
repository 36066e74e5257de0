import { useVirtualizer } from "@tanstack/react-virtual";
import { format } from "date-fns";
import { ChevronDownIcon, ChevronUpIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import { useRef, useState } from "react";
import type { DuplicateGroup } from "#shared/contacts/import/duplicates.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";

type DuplicateManagerProps = {
  groups: DuplicateGroup[];
  removed: ReadonlySet<string>;
  onToggle: (email: string) => void;
  onRemoveAll: () => void;
  onKeepAll: () => void;
};

const ROW_HEIGHT = 64;

/** Each duplicate kept or removed; Remove All marks every one, Keep All clears the marks (docs/product.md §9.5). */
export function DuplicateManager({ groups, removed, onToggle, onRemoveAll, onKeepAll }: DuplicateManagerProps) {
  const [open, setOpen] = useState(false);
  const removedCount = groups.filter((g) => removed.has(g.email)).length;
  return (
    <Card className="border-warning/50">
      <CardHeader>
        <CardTitle>
          <h3>Duplicate Emails</h3>
        </CardTitle>
        <CardDescription>
          {groups.length} {groups.length === 1 ? "email was" : "emails were"} used in your previous campaigns
          {removedCount > 0 && ` · ${removedCount} will be removed`}. Remove them to avoid contacting someone twice.
        </CardDescription>
        <CardAction className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? <ChevronUpIcon aria-hidden /> : <ChevronDownIcon aria-hidden />}
            {open ? "Hide Details" : "Show Details"}
          </Button>
          <Button variant="outline" size="sm" onClick={onRemoveAll} disabled={removedCount === groups.length}>
            Remove All
          </Button>
          <Button variant="outline" size="sm" onClick={onKeepAll} disabled={removedCount === 0}>
            Keep All
          </Button>
        </CardAction>
      </CardHeader>
      {open && (
        <CardContent>
          <DuplicateList groups={groups} removed={removed} onToggle={onToggle} />
        </CardContent>
      )}
    </Card>
  );
}

/** Virtualised: a 10,000-contact import can have thousands of duplicates. */
function DuplicateList({ groups, removed, onToggle }: Pick<DuplicateManagerProps, "groups" | "removed" | "onToggle">) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <div ref={scroller} className="max-h-96 overflow-auto rounded-md border">
      <ul aria-label="Duplicate emails" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const group = groups[item.index]!;
          const isRemoved = removed.has(group.email);
          const [latest, ...others] = group.campaigns;
          return (
            <li
              key={group.email}
              aria-setsize={groups.length}
              aria-posinset={item.index + 1}
              className={cn(
                "absolute inset-x-0 flex items-center justify-between gap-3 border-b px-3",
                isRemoved && "bg-muted/50",
              )}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <div className="min-w-0">
                <p className={cn("truncate font-medium text-sm", isRemoved && "text-muted-foreground line-through")}>
                  {group.email}
                </p>
                {latest && (
                  <p className="truncate text-muted-foreground text-xs">
                    {latest.campaignName} · {format(new Date(latest.sentAt), "MMM d, yyyy")}
                    {others.length > 0 &&
                      ` · and ${others.length} more ${others.length === 1 ? "campaign" : "campaigns"}`}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 items-center gap-2">
                {isRemoved && <Badge variant="secondary">Removed</Badge>}
                <Button
                  variant={isRemoved ? "outline" : "ghost"}
                  size="sm"
                  aria-label={`${isRemoved ? "Restore" : "Remove"} ${group.email}`}
                  onClick={() => onToggle(group.email)}
                >
                  {isRemoved ? <RotateCcwIcon aria-hidden /> : <Trash2Icon aria-hidden />}
                  {isRemoved ? "Restore" : "Remove"}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
