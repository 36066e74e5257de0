// Settings › Webhooks: the user's outbound webhook endpoints. Add one (URL,
// events, on or off) and see its signing secret once; per endpoint: edit,
// turn off / on (and on again after the app turned it off on a 410 Gone,
// whose reason is shown), Send test event, Rotate secret and Delete (both ask
// first), and its delivery log with Resend.
import { ArrowLeft, CircleAlert, KeyRound, Pencil, Plus, Power, Send, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { WebhookEndpointDto } from "#shared/webhooks/webhooks.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { DeliveryLog } from "./delivery-log.tsx";
import { SecretReveal } from "./secret-reveal.tsx";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookEndpoints,
} from "./use-webhooks.ts";
import { WebhookForm } from "./webhook-form.tsx";

const errorText = (err: unknown) => (err instanceof Error ? err.message : undefined);

type Shown = { url: string; secret: string };

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpointDto; onSecret: (s: Shown) => void }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(true);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();

  async function setActive(active: boolean) {
    try {
      await update.mutateAsync({ id: endpoint.id, patch: { active } });
      toast.success(active ? "Webhook turned on" : "Webhook turned off");
    } catch (err) {
      toast.error("Could not change the webhook", { description: errorText(err) });
    }
  }

  async function sendTest() {
    try {
      const d = await test.mutateAsync(endpoint.id);
      toast.success(`Test ${d.eventType} event queued`);
      setShowLog(true);
    } catch (err) {
      toast.error("Could not send a test event", { description: errorText(err) });
    }
  }

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId} className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 break-all font-mono text-sm">{endpoint.url}</h2>
          {endpoint.active ? (
            <Badge variant="success">Active</Badge>
          ) : endpoint.disabledReason ? (
            <Badge variant="destructive">Turned off by Coldreach</Badge>
          ) : (
            <Badge variant="secondary">Off</Badge>
          )}
        </CardTitle>
        <CardDescription>
          {endpoint.events.join(", ")}
          {endpoint.pendingDeliveries > 0 && ` · ${endpoint.pendingDeliveries} pending`}
          {endpoint.failedDeliveries > 0 && ` · ${endpoint.failedDeliveries} failed`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {endpoint.disabledReason && (
          <div role="status" className="flex flex-wrap items-start gap-2 rounded-md border border-destructive/50 p-3">
            <CircleAlert aria-hidden className="mt-0.5 size-4 text-destructive" />
            <p className="min-w-0 flex-1 text-sm">{endpoint.disabledReason}</p>
            <Button type="button" size="sm" onClick={() => void setActive(true)} disabled={update.isPending}>
              Turn on again
            </Button>
          </div>
        )}
        {editing ? (
          <WebhookForm
            initial={{ url: endpoint.url, events: endpoint.events, active: endpoint.active }}
            submitLabel="Save"
            busyLabel="Saving…"
            showActive={false}
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              await update.mutateAsync({ id: endpoint.id, patch: { url: values.url, events: values.events } });
              toast.success("Webhook saved");
              setEditing(false);
            }}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void sendTest()}
              disabled={!endpoint.active || test.isPending}
            >
              {test.isPending ? <Spinner /> : <Send aria-hidden />} Send test event
            </Button>
            {!endpoint.disabledReason && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void setActive(!endpoint.active)}
                disabled={update.isPending}
              >
                <Power aria-hidden /> {endpoint.active ? "Turn off" : "Turn on"}
              </Button>
            )}
            <ConfirmDialog
              title="Rotate the signing secret?"
              description="A new secret replaces the current one at once: requests are signed with the new one from now on, so your receiver must use it. The new secret is shown once."
              confirmLabel="Rotate secret"
              busyLabel="Rotating…"
              confirmVariant="default"
              onConfirm={async () => {
                try {
                  const rotated = await rotate.mutateAsync(endpoint.id);
                  onSecret({ url: rotated.endpoint.url, secret: rotated.secret });
                } catch (err) {
                  toast.error("Could not rotate the secret", { description: errorText(err) });
                }
              }}
              trigger={
                <Button type="button" variant="outline" size="sm">
                  <KeyRound aria-hidden /> Rotate secret
                </Button>
              }
            />
            <ConfirmDialog
              title="Delete this webhook?"
              description={`${endpoint.url} gets no more events, and its delivery log is deleted.`}
              confirmLabel="Delete"
              busyLabel="Deleting…"
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(endpoint.id);
                  toast.success("Webhook deleted");
                } catch (err) {
                  toast.error("Could not delete the webhook", { description: errorText(err) });
                }
              }}
              trigger={
                <Button type="button" variant="outline" size="sm" className="text-destructive">
                  <Trash2 aria-hidden /> Delete
                </Button>
              }
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-expanded={showLog}
              onClick={() => setShowLog(!showLog)}
            >
              {showLog ? "Hide delivery log" : "Show delivery log"}
            </Button>
          </div>
        )}
        {showLog && (
          <section aria-label={`Delivery log of ${endpoint.url}`} className="border-t pt-3">
            <h3 className="mb-2 font-medium text-sm">Delivery log</h3>
            <DeliveryLog endpointId={endpoint.id} active={endpoint.active} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}

export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhook();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const addTitle = useId();

  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Send events (emails sent, opens, clicks, replies, bounces, bookings…) to your own systems as they happen."
        actions={
          <Button asChild variant="ghost">
            <Link to="/settings">
              <ArrowLeft aria-hidden /> Settings
            </Link>
          </Button>
        }
      />
      <div className="space-y-6">
        {shown && <SecretReveal url={shown.url} secret={shown.secret} onClose={() => setShown(null)} />}
        <Card aria-labelledby={addTitle} role="region">
          <CardHeader>
            <CardTitle id={addTitle}>
              <h2>Add a webhook</h2>
            </CardTitle>
            <CardDescription>
              Each event is POSTed as JSON, signed with the endpoint's secret (Standard Webhooks: webhook-id,
              webhook-timestamp, webhook-signature). A 2xx answer is delivered; 410 Gone turns the endpoint off; other
              errors and timeouts are retried with backoff for 24 hours.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {adding ? (
              <WebhookForm
                initial={{ url: "", events: [], active: true }}
                submitLabel="Add webhook"
                busyLabel="Adding…"
                showActive
                onCancel={() => setAdding(false)}
                onSubmit={async (values) => {
                  const created = await create.mutateAsync(values);
                  setShown({ url: created.endpoint.url, secret: created.secret });
                  setAdding(false);
                  toast.success("Webhook added");
                }}
              />
            ) : (
              <Button type="button" onClick={() => setAdding(true)}>
                <Plus aria-hidden /> Add webhook
              </Button>
            )}
          </CardContent>
        </Card>
        {endpoints.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Spinner /> Loading your webhooks…
          </p>
        ) : endpoints.isError ? (
          <LoadFailed
            message={`Could not load your webhooks: ${endpoints.error.message}`}
            onRetry={() => void endpoints.refetch()}
          />
        ) : endpoints.data.endpoints.length === 0 ? (
          <p className="text-muted-foreground text-sm">No webhooks yet.</p>
        ) : (
          endpoints.data.endpoints.map((e) => <EndpointCard key={e.id} endpoint={e} onSecret={setShown} />)
        )}
      </div>
    </>
  );
}
