// The Gmail Sync part of a sender's expandable panel (docs/product.md §17.4):
// whether the sender's Gmail is connected, Connect (Google's consent screen,
// back through /gmail-callback) or Disconnect with confirmation, and, when the
// server has no Google OAuth client, which settings to set.
import { ChevronDown, Link2, Unlink } from "lucide-react";
import { useId, useState } from "react";
import { gmailSyncMessages as messages } from "#shared/senders/gmail-sync.schemas.ts";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useConnectGmail, useDisconnectGmail, useGmailSyncSettings } from "./use-gmail-sync.ts";

/** Gmail senders, and any sender still connected (so it can always be disconnected). */
export function showsGmailSync(sender: Sender): boolean {
  return sender.provider === "gmail" || sender.gmailSyncEnabled;
}

function GmailSyncDetails({ sender }: { sender: Sender }) {
  const settings = useGmailSyncSettings(true);
  const connect = useConnectGmail();
  const disconnect = useDisconnectGmail();
  const [confirming, setConfirming] = useState(false);

  function startConnect() {
    connect.mutate(sender.email, {
      onError: (error) => {
        console.warn("Gmail authentication URL failed", error);
        toast.error(messages.authUrlErrorTitle, { description: messages.authUrlError });
      },
    });
  }

  async function confirmDisconnect() {
    try {
      await disconnect.mutateAsync(sender.id);
      toast.success(messages.disconnected);
    } catch (error) {
      console.warn("Gmail disconnect failed", error);
      toast.error(messages.disconnectFailed, { description: error instanceof Error ? error.message : undefined });
    }
  }

  if (settings.isPending) return <Spinner label="Loading Gmail sync..." />;
  const configured = settings.data?.configured ?? false;
  const setUp = settings.data && !configured && (
    <p className="text-muted-foreground">
      {messages.notConfigured} Register <span className="break-all font-mono text-xs">{settings.data.redirectUri}</span>{" "}
      as an authorized redirect URI of the OAuth client in Google Cloud, and enable the Gmail API.
    </p>
  );

  if (sender.gmailSyncEnabled) {
    return (
      <>
        <p>Replies, bounces and spam are read from this Gmail mailbox.</p>
        {setUp}
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={() => setConfirming(true)}
          aria-label={`Disconnect Gmail sync of ${sender.email}`}
        >
          <Unlink aria-hidden /> Disconnect
        </Button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Disconnect Gmail sync?"
          description={`Replies, bounces and spam will no longer be read from ${sender.email}, and Coldreach's access to it is revoked at Google.`}
          confirmLabel="Disconnect"
          busyLabel="Disconnecting..."
          onConfirm={confirmDisconnect}
        />
      </>
    );
  }
  return (
    <>
      {setUp || (
        <p className="text-muted-foreground">
          Connect this Gmail account to read its replies, bounces and spam (and send through the Gmail API). Google asks
          you to allow it.
        </p>
      )}
      <Button
        size="sm"
        onClick={startConnect}
        disabled={!configured || connect.isPending}
        aria-label={`Connect Gmail sync of ${sender.email}`}
      >
        <Link2 aria-hidden /> {connect.isPending ? "Opening Google..." : "Connect Gmail"}
      </Button>
    </>
  );
}

export function GmailSyncSection({ sender }: { sender: Sender }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="border-t pt-2">
      <Button
        variant="ghost"
        size="sm"
        className="w-full justify-between"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="flex items-center gap-2">
          <span>
            Gmail Sync<span className="sr-only"> of {sender.email}</span>
          </span>
          {sender.gmailSyncEnabled ? (
            <Badge variant="success">Connected</Badge>
          ) : (
            <Badge variant="outline">Not connected</Badge>
          )}
        </span>
        <ChevronDown aria-hidden className={cn("transition-transform", open && "rotate-180")} />
      </Button>
      {open && (
        <div id={panelId} className="space-y-2 pt-2 text-sm">
          <GmailSyncDetails sender={sender} />
        </div>
      )}
    </div>
  );
}
