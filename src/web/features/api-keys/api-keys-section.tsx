// Settings › API keys (docs/product.md §21): create a key with a name
// and an access level; the full key is shown once, in a dialog with Copy;
// the list shows each key by name, access and prefix, with when it was
// created and last used, and Revoke (confirmed; at once). Its own form,
// beside the settings form, like Account.
import { Check, Copy, KeyRound, RefreshCw } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  API_KEY_NAME_MAX,
  type ApiKey,
  apiKeyAccessLabels,
  createApiKeySchema,
} from "#shared/api-keys/api-keys.schemas.ts";
import type { ApiKeyAccess } from "#shared/db-enums.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { FormField } from "#web/components/form-field.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { formatDay, formatDayTime } from "#web/lib/date-format.ts";
import { toast } from "#web/lib/toast.ts";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./use-api-keys.ts";

const accessHints: Record<ApiKeyAccess, string> = {
  read_only: "Can read your data (GET requests) and change nothing.",
  read_write: "Can read and change your data, as you can in the app.",
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : undefined);

function CreateKeyForm({ onCreated }: { onCreated: (created: { name: string; secret: string }) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [access, setAccess] = useState<ApiKeyAccess>("read_only");
  const [nameError, setNameError] = useState<string | undefined>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name, access });
    if (!parsed.success) {
      setNameError(parsed.error.issues.find((i) => i.path[0] === "name")?.message ?? "Check the name");
      return;
    }
    setNameError(undefined);
    try {
      const created = await create.mutateAsync(parsed.data);
      setName("");
      onCreated({ name: created.key.name, secret: created.secret });
    } catch (err) {
      console.warn("create API key failed", err);
      toast.error("Failed to create the API key", { description: errorText(err) });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="api-key-create-title">
      <h3 id="api-key-create-title" className="font-medium">
        Create a key
      </h3>
      <FormField
        id="api-key-name"
        label="Key name"
        hint={`What uses it, e.g. "CRM sync". Up to ${API_KEY_NAME_MAX} characters.`}
        error={nameError}
      >
        <Input
          id="api-key-name"
          className="sm:max-w-md"
          value={name}
          maxLength={API_KEY_NAME_MAX + 20}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? "api-key-name-error" : "api-key-name-hint"}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Access</legend>
        {(Object.keys(apiKeyAccessLabels) as ApiKeyAccess[]).map((level) => (
          <div key={level} className="flex items-start gap-2">
            <input
              type="radio"
              id={`api-key-access-${level}`}
              name="api-key-access"
              value={level}
              checked={access === level}
              onChange={() => setAccess(level)}
              aria-describedby={`api-key-access-${level}-hint`}
              className="mt-1 size-4 accent-primary"
            />
            <div>
              <Label htmlFor={`api-key-access-${level}`}>{apiKeyAccessLabels[level]}</Label>
              <p id={`api-key-access-${level}-hint`} className="text-muted-foreground text-xs">
                {accessHints[level]}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        <KeyRound aria-hidden /> {create.isPending ? "Creating..." : "Create key"}
      </Button>
    </form>
  );
}

/** The new key, this once: Copy, and a plain statement that it will not be shown again. */
function NewKeyDialog({ created, onClose }: { created: { name: string; secret: string } | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Could not copy: select the key and copy it by hand");
    }
  }
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Your new API key</DialogTitle>
          <DialogDescription>
            Copy “{created?.name}” now: you will not see it again. Coldreach keeps only a fingerprint of it. Send it as{" "}
            <code className="break-all">Authorization: Bearer &lt;key&gt;</code>.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="api-key-secret">API key</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="api-key-secret"
              readOnly
              className="font-mono text-xs"
              value={created?.secret ?? ""}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <p role="status" aria-live="polite" className="text-muted-foreground text-xs">
            {copied ? "The key is on your clipboard." : ""}
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const lastUsed = apiKey.lastUsedAt ? formatDayTime(new Date(apiKey.lastUsedAt)) : "Never";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={apiKey.name}>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
          <span className="break-all">{apiKey.name}</span>
          <Badge variant={apiKey.access === "read_write" ? "warning" : "secondary"}>
            {apiKeyAccessLabels[apiKey.access]}
          </Badge>
        </p>
        <p className="text-muted-foreground text-xs">
          <span className="sr-only">Key starting </span>
          <code>{apiKey.prefix}…</code> · Created {formatDay(new Date(apiKey.createdAt))} · Last used {lastUsed}
        </p>
      </div>
      <ConfirmDialog
        title={`Revoke “${apiKey.name}”?`}
        description="Anything using this key is refused from its next request. This cannot be undone: make a new key if you need one."
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        onConfirm={async () => {
          try {
            await revoke.mutateAsync(apiKey.id);
            toast.success("API key revoked", { description: apiKey.name });
          } catch (err) {
            console.warn("revoke API key failed", err);
            toast.error("Failed to revoke the API key", { description: errorText(err) });
          }
        }}
        trigger={
          <Button type="button" variant="outline" size="sm" aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        }
      />
    </li>
  );
}

function KeyList() {
  const query = useApiKeys();
  return (
    <section aria-labelledby="api-key-list-title" className="space-y-3">
      <h3 id="api-key-list-title" className="font-medium">
        Your keys
      </h3>
      {query.isPending && <Spinner label="Loading API keys..." />}
      {query.isError && (
        <div role="alert" className="space-y-2">
          <p className="text-destructive text-sm">Failed to load your API keys.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      )}
      {query.data && query.data.length === 0 && (
        <p className="text-muted-foreground text-sm">
          No API keys yet. Create one to call the Coldreach API from a script or another app.
        </p>
      )}
      {query.data && query.data.length > 0 && (
        <ul aria-label="API keys" className="divide-y">
          {query.data.map((k) => (
            <KeyRow key={k.id} apiKey={k} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function ApiKeysSection() {
  const headingId = useId();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>
          <h2>API keys</h2>
        </CardTitle>
        <CardDescription>
          Keys let your scripts and other apps call the Coldreach API as you (see the API docs at{" "}
          <a className="underline" href="/api/docs">
            /api/docs
          </a>
          ). Keys are managed here only.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        <CreateKeyForm onCreated={setCreated} />
        <KeyList />
        <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      </CardContent>
    </Card>
  );
}
