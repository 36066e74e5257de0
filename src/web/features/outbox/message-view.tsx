// One captured message, whole, as a recipient would get it: the HTML (in a
// sandboxed frame), the text, every header in order, the MIME parts, the
// attachments and invites (downloadable) and the raw source.
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import type { OutboxMessage, OutboxPart } from "#shared/outbox/outbox.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { getJson } from "#web/lib/api-client.ts";
import { attachmentUrl, formatBytes, MessageAttachments } from "./message-attachments.tsx";
import { SimulateReply } from "./simulate-reply.tsx";

/** Longer sources are cut in the page (a browser struggles with megabytes in one <pre>); the download has all. */
const RAW_SHOWN = 500_000;

const rawUrl = (id: string) => `/api/outbox/${encodeURIComponent(id)}/raw`;

/**
 * The captured message rendered in a sandboxed frame: no scripts run, and links
 * open in the top window so a confirmation link signs the user in here.
 */
function MessageFrame({ message }: { message: OutboxMessage }) {
  const doc = `<!doctype html><html><head><base target="_top"><meta charset="utf-8"></head><body style="margin:0;padding:16px;background:#fff">${message.html ?? ""}</body></html>`;
  return (
    <iframe
      title={`Message: ${message.subject}`}
      srcDoc={doc}
      sandbox="allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox"
      className="h-[60vh] w-full rounded-md border bg-white"
    />
  );
}

const preClass =
  "max-h-[60vh] overflow-auto whitespace-pre-wrap break-all rounded-md border bg-muted/40 p-4 font-mono text-xs";

function HeadersTable({ message }: { message: OutboxMessage }) {
  return (
    <div className="max-h-[60vh] overflow-auto rounded-md border">
      <Table aria-label="Headers">
        <TableHeader>
          <TableRow>
            <TableHead className="w-48">Name</TableHead>
            <TableHead>Value</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {message.headerLines.map((h, i) => (
            // Headers repeat (Received, X-Tag) and have no id: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the message
            <TableRow key={i}>
              <TableCell className="align-top font-medium font-mono text-xs">{h.name}</TableCell>
              <TableCell className="whitespace-pre-wrap break-all font-mono text-xs">{h.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function partLabel(part: OutboxPart): string {
  return part.partId === "" ? "Message" : `Part ${part.partId}`;
}

function PartsList({ message }: { message: OutboxMessage }) {
  return (
    <ul aria-label="MIME parts" className="divide-y rounded-md border">
      {message.parts.map((part) => {
        const details = [
          part.charset && `charset ${part.charset}`,
          part.transferEncoding,
          part.disposition,
          part.filename && `“${part.filename}”`,
        ].filter(Boolean);
        return (
          <li
            key={part.partId}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 pr-3 text-sm"
            style={{ paddingLeft: `${0.75 + part.depth * 1.25}rem` }}
          >
            <span className="w-20 shrink-0 text-muted-foreground text-xs">{partLabel(part)}</span>
            <span className="font-medium font-mono text-xs">{part.contentType}</span>
            {details.length > 0 && (
              <span className="min-w-0 break-all text-muted-foreground text-xs">{details.join(" · ")}</span>
            )}
            {part.attachmentIndex !== null && (
              <a
                href={attachmentUrl(message.id, part.attachmentIndex)}
                download
                className="ml-auto text-primary text-xs underline-offset-4 hover:underline"
                aria-label={`Download ${partLabel(part).toLowerCase()}`}
              >
                Download
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function RawSource({ message }: { message: OutboxMessage }) {
  const raw = useQuery({
    queryKey: ["outbox", message.id, "raw"],
    queryFn: async () => {
      const res = await fetch(`${rawUrl(message.id)}?inline=1`, { credentials: "same-origin" });
      if (!res.ok) throw new Error(`The raw source could not be loaded (${res.status})`);
      return res.text();
    },
  });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          The message exactly as the capture server received it ({formatBytes(message.rawSize)}).
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={rawUrl(message.id)} download aria-label="Download raw source">
            <Download aria-hidden /> Download
          </a>
        </Button>
      </div>
      {raw.isPending && <Spinner label="Loading raw source..." />}
      {raw.isError && <LoadFailed message={raw.error.message} onRetry={() => void raw.refetch()} />}
      {raw.data !== undefined && (
        <>
          <section aria-label="Raw source">
            <pre className={preClass}>{raw.data.slice(0, RAW_SHOWN)}</pre>
          </section>
          {raw.data.length > RAW_SHOWN && (
            <p className="text-muted-foreground text-xs">
              Showing the first {RAW_SHOWN.toLocaleString("en-US")} characters; download the source to see it all.
            </p>
          )}
        </>
      )}
    </div>
  );
}

type TabName = "html" | "text" | "headers" | "parts" | "attachments" | "raw";

export function MessageView({ id }: { id: string }) {
  const message = useQuery({ queryKey: ["outbox", id], queryFn: () => getJson<OutboxMessage>(`/api/outbox/${id}`) });
  // The chosen tab stays as the user moves between messages (comparing headers, say).
  const [tab, setTab] = useState<TabName | null>(null);
  if (message.isPending) return <Spinner label="Loading message..." />;
  if (message.isError) return <p role="alert">This message could not be loaded: {message.error.message}</p>;
  const m = message.data;
  const current = tab ?? (m.html !== null ? "html" : "text");
  return (
    <div className="space-y-4">
      <div className="space-y-1 text-sm">
        <h2 className="font-semibold text-xl">{m.subject || "(no subject)"}</h2>
        <p>
          <span className="text-muted-foreground">From:</span> {m.from}
        </p>
        <p>
          <span className="text-muted-foreground">To:</span> {m.to.join(", ")}
        </p>
        <p className="text-muted-foreground">{new Date(m.receivedAt).toLocaleString()}</p>
      </div>
      {m.campaignMessage && <SimulateReply key={m.id} id={m.id} />}
      <Tabs value={current} onValueChange={(value) => setTab(value as TabName)}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Text</TabsTrigger>
          <TabsTrigger value="headers">Headers</TabsTrigger>
          <TabsTrigger value="parts">Parts ({m.parts.length})</TabsTrigger>
          <TabsTrigger value="attachments">Attachments ({m.attachments.length})</TabsTrigger>
          <TabsTrigger value="raw">Raw source</TabsTrigger>
        </TabsList>
        <TabsContent value="html" className="pt-2">
          {m.html !== null ? (
            <>
              <MessageFrame message={m} />
              {m.openPixelHidden && (
                <p className="mt-2 text-muted-foreground text-xs">
                  The open-tracking pixel is not loaded here, so viewing this message does not count as an open.
                </p>
              )}
            </>
          ) : (
            <p className="text-muted-foreground text-sm">This message has no HTML part.</p>
          )}
        </TabsContent>
        <TabsContent value="text" className="pt-2">
          {m.text !== null ? (
            <section aria-label="Text">
              <pre className={preClass}>{m.text}</pre>
            </section>
          ) : (
            <p className="text-muted-foreground text-sm">This message has no text part.</p>
          )}
        </TabsContent>
        <TabsContent value="headers" className="pt-2">
          <HeadersTable message={m} />
        </TabsContent>
        <TabsContent value="parts" className="pt-2">
          <PartsList message={m} />
        </TabsContent>
        <TabsContent value="attachments" className="pt-2">
          <MessageAttachments messageId={m.id} attachments={m.attachments} />
        </TabsContent>
        <TabsContent value="raw" className="pt-2">
          <RawSource message={m} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
