// /senders (docs/product.md §17.1): saved sender accounts in two groups, Active (has sent
// at least one email) and Unused, with add, edit, delete and connection tests,
// per-sender figures (today, last 7 days, last month), email history and a
// link to each sender's profile.
import { Mail, Plus, RefreshCw } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { SenderStats } from "#shared/senders/sender-stats.schemas.ts";
import { isActiveSender } from "#shared/senders/sender-stats.ts";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { toast } from "#web/lib/toast.ts";
import { DeleteSenderDialog } from "./delete-sender-dialog.tsx";
import { SenderCard } from "./sender-card.tsx";
import { SenderFormDialog } from "./sender-form-dialog.tsx";
import { useSenderStats } from "./use-sender-stats.ts";
import { useSendersQuery } from "./use-senders.ts";

type Open = { kind: "add" } | { kind: "edit"; sender: Sender } | { kind: "delete"; sender: Sender } | null;
type Stats = { byId: Map<string, SenderStats>; state: "pending" | "error" | "success" };

function SenderGroup({
  title,
  empty,
  senders,
  stats,
  setOpen,
}: {
  title: string;
  empty: string;
  senders: Sender[];
  stats: Stats;
  setOpen: (open: Open) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-lg">
        {title} <span className="font-normal text-muted-foreground text-sm">({senders.length})</span>
      </h2>
      {senders.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul aria-label={title} className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
          {senders.map((sender) => (
            <SenderCard
              key={sender.id}
              sender={sender}
              stats={stats.byId.get(sender.id)}
              statsState={stats.state}
              onEdit={() => setOpen({ kind: "edit", sender })}
              onDelete={() => setOpen({ kind: "delete", sender })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function LoadingCards() {
  return (
    <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
      <span className="sr-only" role="status">
        Loading sender accounts...
      </span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-44 rounded-xl" />
      ))}
    </div>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Mail className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="font-semibold text-lg">No sender accounts yet</h2>
        <p className="max-w-md text-muted-foreground text-sm">
          Add the mailboxes your campaigns send from; each one sends up to its own daily limit.
        </p>
        <Button onClick={onAdd}>
          <Plus aria-hidden /> Add Sender
        </Button>
      </CardContent>
    </Card>
  );
}

export function SendersPage() {
  const query = useSendersQuery();
  const statsQuery = useSenderStats();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  useEffect(() => {
    if (query.isError)
      toast.error("Failed to load sender accounts", { id: "senders-load-failed", description: query.error.message });
  }, [query.isError, query.error]);
  useEffect(() => {
    // When the list itself failed, its own message says enough.
    if (statsQuery.isError && !query.isError)
      toast.error("Failed to fetch sender accounts", {
        id: "sender-stats-load-failed",
        description: statsQuery.error.message,
      });
  }, [statsQuery.isError, statsQuery.error, query.isError]);

  const senders = query.data ?? [];
  // sentCount is the all-time sent of the sender's address, from the same counters as the figures.
  const active = senders.filter((s) => isActiveSender(s.sentCount));
  const unused = senders.filter((s) => !isActiveSender(s.sentCount));
  const stats: Stats = {
    byId: new Map((statsQuery.data?.stats ?? []).map((s) => [s.senderId, s])),
    state: statsQuery.isPending ? "pending" : statsQuery.isError ? "error" : "success",
  };

  return (
    <>
      <PageHeader
        title="Senders"
        subtitle="The email accounts your campaigns send from"
        actions={
          <Button onClick={() => setOpen({ kind: "add" })}>
            <Plus aria-hidden /> Add Sender
          </Button>
        }
      />

      {query.isPending && <LoadingCards />}
      {query.isError && (
        <div role="alert" className="space-y-3">
          <p className="text-destructive">Failed to load sender accounts.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      )}
      {query.isSuccess && senders.length === 0 && <EmptyState onAdd={() => setOpen({ kind: "add" })} />}
      {query.isSuccess && senders.length > 0 && (
        <div className="space-y-8">
          <SenderGroup
            title="Active Senders"
            empty="Senders appear here once they have sent an email."
            senders={active}
            stats={stats}
            setOpen={setOpen}
          />
          <SenderGroup
            title="Unused Senders"
            empty="Every sender has sent at least one email."
            senders={unused}
            stats={stats}
            setOpen={setOpen}
          />
        </div>
      )}

      {open?.kind === "add" && <SenderFormDialog onClose={close} />}
      {open?.kind === "edit" && <SenderFormDialog sender={open.sender} onClose={close} />}
      {open?.kind === "delete" && <DeleteSenderDialog sender={open.sender} onClose={close} />}
    </>
  );
}
