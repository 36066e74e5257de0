import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { ArrowLeft, Inbox, RefreshCw, Trash2 } from "lucide-react";
import { Link, useParams } from "react-router";
import type { OutboxList } from "#shared/outbox/outbox.schemas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { getJson } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { MessageView } from "./message-view.tsx";

const OUTBOX_POLL_MS = 2_000;

/** Capture mode's local outbox: every message the app sent, newest first. */
export function OutboxPage() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  // Mail the app sends off the request path (a reset link, a launch's sends)
  // lands a moment after the page that asked for it answered, often after
  // this page opened: the list keeps itself current while it is in view.
  const list = useQuery({
    queryKey: ["outbox"],
    queryFn: () => getJson<OutboxList>("/api/outbox?limit=100"),
    refetchInterval: OUTBOX_POLL_MS,
  });
  const clear = useMutation({
    mutationFn: async () => {
      const res = await fetch("/api/outbox", { method: "DELETE" });
      // Reading the outbox is open; emptying it needs a session.
      if (res.status === 401) throw new Error("Sign in to clear the outbox");
      if (!res.ok) throw new Error("Failed to clear the outbox");
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["outbox"] });
      toast.success("Outbox cleared");
    },
    onError: (err) => toast.error(err.message),
  });

  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 md:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="flex items-center gap-2 font-semibold text-2xl">
            <Inbox className="size-6" aria-hidden /> Outbox
          </h1>
          <p className="text-muted-foreground">
            Mail is captured, not delivered. Every message this server sends appears here instead of leaving the
            machine.
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to="/">
              <ArrowLeft aria-hidden /> Back to app
            </Link>
          </Button>
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden className={cn(list.isFetching && "animate-spin")} /> Refresh
          </Button>
          <Button
            variant="outline"
            onClick={() => clear.mutate()}
            disabled={clear.isPending || !list.data?.messages.length}
          >
            <Trash2 aria-hidden /> Clear
          </Button>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Messages</CardTitle>
          </CardHeader>
          <CardContent className="px-2">
            {list.isPending && <Spinner label="Loading messages..." className="px-4" />}
            {list.isError && (
              <p role="alert" className="px-4 text-destructive">
                The outbox could not be loaded.
              </p>
            )}
            {list.data && list.data.messages.length === 0 && (
              <p className="px-4 text-muted-foreground">No messages yet. Mail the app sends will show up here.</p>
            )}
            <ul aria-label="Captured messages" aria-live="polite" aria-relevant="additions" className="space-y-1">
              {list.data?.messages.map((m) => (
                <li key={m.id}>
                  <Link
                    to={`/outbox/${m.id}`}
                    aria-current={m.id === id ? "page" : undefined}
                    className={cn(
                      "block rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                      m.id === id && "bg-accent",
                    )}
                  >
                    <span className="block truncate font-medium">{m.subject || "(no subject)"}</span>
                    <span className="block truncate text-muted-foreground">To: {m.to.join(", ")}</span>
                    <span className="block text-muted-foreground text-xs">
                      {formatDistanceToNow(new Date(m.receivedAt), { addSuffix: true })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardContent>
            {id ? <MessageView id={id} /> : <p className="text-muted-foreground">Choose a message to read it.</p>}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
